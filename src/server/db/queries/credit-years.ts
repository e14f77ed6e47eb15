import { chunked } from './chunks'
import { copyChunksInto } from './copy-rows'
import type { CopyChunks } from '../copy/copy-chunks'
import type { ImportTarget } from './scoped'

/** The one writer of `credit_years`: the yearly history of these projects, replaced whole: a year the new file no longer has is gone. */
export async function replaceCreditYears(target: ImportTarget, projectIds: readonly string[], rows: CopyChunks) {
  for (const chunk of chunked(projectIds)) await target.db.deleteFrom('credit_years').where('project_id', 'in', chunk).execute()
  await copyChunksInto(target, 'credit_years', rows)
}
