import { sql } from 'kysely'
import { chunked } from './chunks'
import { insertJson } from './insert-json'
import type { JsonChunks } from './json-chunks'
import type { ImportTarget } from './scoped'

/** The one writer of `credit_years`: the yearly history of these projects, replaced whole: a year the new file no longer has is gone. */
export async function replaceCreditYears(target: ImportTarget, projectIds: readonly string[], rows: JsonChunks) {
  for (const chunk of chunked(projectIds)) await target.db.deleteFrom('credit_years').where('project_id', 'in', chunk).execute()
  await insertJson(target, 'credit_years', rows, sql``)
}
