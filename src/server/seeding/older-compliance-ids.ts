import { basename } from 'node:path'
import type { Kysely } from 'kysely'
import { bumpDatasetVersion } from '../db/queries/dataset-versions'
import { isSeeded, readMeta, writeMeta } from '../db/queries/meta'
import { holdsRealProjects, setComplianceIds } from '../db/queries/projects'
import { scoped } from '../db/queries/scoped'
import type { Database } from '../db/schema'
import { readVrodProjects } from '../importers/vrod-normalise'

/**
 * Gives a live catalogue stored before compliance ids were kept (migration 036 added the column empty) the ids of
 * Berkeley's file at hand, once, at start and before it is served. Without them the two listings of one compliance
 * project read as two projects: ACR746's 2025 offered 43,934 credits the Reserve's export cancels under CAR2057, and
 * neither page named the other, until Berkeley's file was imported again. An id is the compliance programme's own,
 * the same in every release, so the file at hand gives it whichever release the store was made from; a project the
 * file does not list keeps none. Answers the projects given an id, or null when there was nothing to do.
 */
export async function readOlderComplianceIds(db: Kysely<Database>, file: string | null): Promise<number | null> {
  if (!file || !(await isSeeded(db, 'live'))) return null
  // Once per store: a store made since reads them with its projects, and a file with none is not read at each start.
  if ((await readMeta(db, 'live', 'compliance_ids_from')) !== null) return null
  const held = await holdsRealProjects(scoped(db, 'live'))
  // A generated catalogue has no listing of a compliance programme: the file is not read for it.
  if (!held.real) return null
  if (held.withComplianceId) {
    await writeMeta(db, 'live', { compliance_ids_from: 'the store' })
    return null
  }
  const given = (await readVrodProjects(file)).projects.flatMap((project) => (project.compliance_id ? [{ key: project.key, complianceId: project.compliance_id }] : []))
  return db.transaction().execute(async (trx) => {
    const count = await setComplianceIds(scoped(trx, 'live'), given)
    await writeMeta(trx, 'live', { compliance_ids_from: basename(file) })
    await bumpDatasetVersion(trx, 'live')
    return count
  })
}
