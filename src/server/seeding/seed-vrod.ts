import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Kysely } from 'kysely'
import { insertRun } from '../db/queries/source-runs'
import { scoped } from '../db/queries/scoped'
import { markSeeded, recordImportedAsOf } from '../db/queries/meta'
import { skipReferenceChecks } from '../db/queries/seeding'
import { insertSources } from '../db/queries/sources'
import type { Database } from '../db/schema'
import { resolveAsOf } from '../importers/as-of'
import { normaliseVrodRows } from '../importers/vrod-normalise'
import { readVrodBytes } from '../importers/vrod-read'
import { planVrodImport } from '../runs/vrod-import'
import { rateVrod } from '../runs/vrod-rate'
import { newId } from '../core/ids'
import { sourceDefinitions } from '../sources/source-list'
import { seededRules } from '../core/method-versions'

/**
 * Seeds the live dataset from Berkeley's file, in one transaction with the `seeded` marker: the source catalog,
 * the import a vrod run would apply (real facts and yearly history dated by the file's as-of date, quality
 * signals computed from them; no prices, as a real project is priced by the reference estimate), and the seeding
 * itself as a succeeded run of `src_vrod`.
 */
export async function seedLiveFromVrod(db: Kysely<Database>, file: string, log: (message: string) => void = () => {}): Promise<void> {
  const started = performance.now()
  const read = await readVrodBytes(await readFile(file), basename(file))
  const { asOf, basis: asOfBasis } = resolveAsOf({ requested: null, fileName: basename(file), contentAsOf: read.contentAsOf, fallback: (await stat(file)).mtime })
  const projects = normaliseVrodRows(read.rows, asOf)
  const live = scoped(db, 'live')
  const plan = await planVrodImport(live, 'live', { rated: rateVrod(projects, asOf, null), asOf, sourceId: 'src_vrod' })
  const planned = performance.now()
  await db.transaction().execute(async (trx) => {
    await skipReferenceChecks(trx)
    const inLive = scoped(trx, 'live')
    await insertSources(inLive, sourceDefinitions)
    await plan.apply(inLive)
    await recordImportedAsOf(inLive, asOf)
    // The seeding is a run of Berkeley's source like any other: its last success is this run, never implied.
    const at = new Date()
    await insertRun(inLive, {
      id: newId('run'),
      source_id: 'src_vrod',
      connector: 'vrod',
      state: 'succeeded',
      simulated: false,
      project_keys: null,
      file_name: basename(file),
      as_of: asOf,
      as_of_basis: asOfBasis,
      created_at: at,
      started_at: new Date(Date.now() - Math.round(performance.now() - started)),
      finished_at: at,
      processed: plan.processed,
      total: plan.processed,
      // Berkeley's file is a table of projects, as a run of its connector counts it.
      progress_of: ['projects'],
      ...plan.counts,
      credential: 'first-start',
      idempotency_key: null,
      request_hash: null,
      error_code: null,
      error_message: null,
    })
    await markSeeded(trx, 'live', plan.processed, seededRules)
  })
  const ms = (from: number, to = performance.now()) => Math.round(to - from)
  log(`live seeded from ${basename(file)} as of ${asOf.toISOString().slice(0, 10)}: read and planned in ${ms(started, planned)} ms, written in ${ms(planned)} ms`)
}
