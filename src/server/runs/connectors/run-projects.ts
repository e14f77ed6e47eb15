import type { SkippedProject } from '../../../api/contract/sources'
import { registryNames } from '../../../api/project-labels'
import { projectsForRun } from '../../db/queries/run-reads'
import type { ProjectRow } from '../../db/schema'
import type { ConnectorContext } from '../connector'

/**
 * The projects a run covers: those of the source's registry (for a registry source) or all, narrowed to the
 * requested keys. Requested keys the source does not cover are skipped, each named with why, never silently dropped.
 */
export async function targetProjects(context: ConnectorContext): Promise<{ projects: ProjectRow[]; skipped: SkippedProject[] }> {
  const { registry } = context.source
  const projects = await projectsForRun(context.db, registry, context.projectKeys)
  if (!context.projectKeys) return { projects, skipped: [] }
  const found = new Set(projects.map((project) => project.key.toUpperCase()))
  const reason = registry ? `not a project of ${registryNames[registry]}, the source's registry` : 'no project has this key'
  return { projects, skipped: context.projectKeys.filter((key) => !found.has(key.toUpperCase())).map((key) => ({ key, reason })) }
}

/** Walks the projects in batches, reporting progress, and pausing so progress can be followed live. */
export async function inBatches<T>(context: ConnectorContext, items: T[], each: (item: T) => void, size = 250) {
  for (let i = 0; i < items.length; i += size) {
    for (const item of items.slice(i, i + size)) each(item)
    await context.progress(Math.min(items.length, i + size), items.length)
    await new Promise((resolve) => setTimeout(resolve, context.env.CREDENCE_RUN_STEP_MS))
  }
  if (items.length === 0) await context.progress(0, 0)
}
