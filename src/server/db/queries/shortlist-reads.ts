import { sql } from 'kysely'
import type { ScopedDb } from './scoped'

/**
 * What a shortlist's evidence and pack read about the projects it ranked, a statement per question for all of them
 * at once (a shortlist holds up to fifty).
 */

/** Which of these projects are still in the catalogue. */
export async function projectsStillListed(db: ScopedDb, projectIds: readonly string[]): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set()
  const rows = await db.selectFrom('projects').select('id').where('id', 'in', [...projectIds]).execute()
  return new Set(rows.map((row) => row.id))
}

/** Each source that covers some of these projects: how many of them, and the newest word it gave on them. */
export async function sourcesCovering(db: ScopedDb, projectIds: readonly string[]) {
  if (projectIds.length === 0) return []
  const rows = await db
    .selectFrom('coverage')
    .innerJoin('sources', 'sources.id', 'coverage.source_id')
    .select([
      'sources.id',
      'sources.name',
      'sources.kind',
      'sources.connector',
      sql<Date | string>`max(coverage.last_success_at)`.as('as_of'),
      sql<string>`count(distinct coverage.project_id)`.as('projects'),
    ])
    .where('coverage.project_id', 'in', [...projectIds])
    .groupBy(['sources.id', 'sources.name', 'sources.kind', 'sources.connector'])
    .orderBy('sources.name')
    .execute()
  return rows.map((row) => ({ ...row, as_of: new Date(row.as_of), projects: Number(row.projects) }))
}

/** The runs that changed these sources' data (succeeded, not the sandbox's simulations), newest first, at most `limit` each. */
export async function runsThatChanged(db: ScopedDb, sourceIds: readonly string[], limit: number) {
  if (sourceIds.length === 0) return []
  const rows = await db
    .selectFrom('source_runs')
    .select(['id', 'source_id', 'connector', 'created_at', 'finished_at', 'as_of', 'as_of_basis', 'files', 'file_id', 'file_name'])
    .select(sql<number>`row_number() over (partition by source_id order by created_at desc, id desc)`.as('nth'))
    .where('source_id', 'in', [...sourceIds])
    .where('state', '=', 'succeeded')
    .where('simulated', '=', false)
    .execute()
  return rows
    .filter((row) => Number(row.nth) <= limit)
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1))
    .map(({ nth: _nth, ...row }) => ({
      ...row,
      created_at: new Date(row.created_at),
      finished_at: row.finished_at && new Date(row.finished_at),
      as_of: row.as_of && new Date(row.as_of),
      // Runs before `files` was kept, and the first start's seeding (a file on disk, not an upload), name one file.
      files: row.files.length > 0 ? row.files.map((file) => file.name) : row.file_name ? [row.file_name] : [],
    }))
}
