import { existsSync } from 'node:fs'
import { readVrodProjects } from '../../importers/vrod-normalise'
import { rerateProjects } from '../../quality/rerate'
import { ConnectorError, type Connector } from '../connector'
import { touchCoverage, upsertProjects } from '../write'

const comparable = (p: Record<string, unknown>) =>
  JSON.stringify([p.name, p.registry, p.status, p.type, p.region, p.country, Number(p.issued), Number(p.retired), Number(p.remaining), p.vintage, p.labels])

/** Upserts Berkeley's real projects by registry key from the file named by CREDENCE_VROD_FILE. */
export const vrodConnector: Connector = async (context) => {
  const file = context.env.vrodFile
  if (!file || !existsSync(file)) {
    throw new ConnectorError('source_unavailable', 'No VROD file to read: set CREDENCE_VROD_FILE to the parquet or CSV as published by Berkeley.')
  }
  await context.progress(0, null)
  const read = await readVrodProjects(file, context.now).catch((error: Error) => {
    throw new ConnectorError('source_unreadable', `The VROD file could not be read: ${error.message}`)
  })
  const wanted = context.projectKeys ? new Set(context.projectKeys) : null
  const projects = wanted ? read.projects.filter((p) => wanted.has(p.key.toUpperCase())) : read.projects
  const existing = new Map<string, string>()
  for (const row of await context.db.selectFrom('projects').selectAll().execute()) existing.set(row.key, comparable(row))
  let created = 0
  let updated = 0
  for (const project of projects) {
    const before = existing.get(project.key)
    if (before === undefined) created++
    else if (before !== comparable(project)) updated++
  }
  await context.progress(projects.length, projects.length)
  const skipped = read.skipped.length + (wanted ? wanted.size - projects.length : 0)
  return {
    processed: projects.length,
    counts: { created, updated, unchanged: projects.length - created - updated, skipped },
    async apply(trx) {
      await upsertProjects(trx, projects)
      // Ids derive from keys (projectIdFor), so an upserted project keeps the id it had.
      await touchCoverage(trx, projects.map((p) => ({ project_id: p.id, source_id: context.source.id, last_success_at: context.now })))
      // New facts, new rating: the imported projects are re-rated before the import commits.
      const ids = projects.map((p) => p.id as string)
      await rerateProjects(trx, ids, context.now)
      await touchCoverage(trx, ids.map((id) => ({ project_id: id, source_id: 'src_ratings', last_success_at: context.now })))
    },
  }
}
