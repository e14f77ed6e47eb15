import { describe, expect, it } from 'vitest'
import { Catalogues } from '../../src/server/catalogue/catalogues'
import { loadCatalogue } from '../../src/server/catalogue/load'
import { scoped, type ScopedDb } from '../../src/server/db/queries/scoped'
import { DatasetVersions } from '../../src/server/db/versions/dataset-versions'
import { memoryStore } from '../support/memory-store'

/**
 * A run reads the new catalogue inside its transaction only while requests read the dataset; otherwise the first
 * request after it reads the catalogue. Counted on a real store, with runs committed as the run worker commits them.
 */
const store = memoryStore()

describe('the catalogue a run commits', () => {
  it('is read in the run’s transaction when a request asked for the dataset since the last run, and otherwise by the first request after it', async () => {
    const versions = new DatasetVersions()
    let reads = 0
    const catalogues = new Catalogues(store().db, versions, (db: ScopedDb) => (reads++, loadCatalogue(db)))
    // As the run worker applies a run: prepare in the transaction, then install under the version it committed.
    const commitRun = async (version: number) => {
      const install = await store().db.transaction().execute((trx) => versions.prepare('live', scoped(trx, 'live')))
      install(version)
      versions.observe('live', version)
    }

    // Warming at start reads it, but is no request.
    await catalogues.warm(['live'])
    expect(reads).toBe(1)
    await commitRun(1)
    expect(reads).toBe(1)
    const first = await catalogues.get('live')
    expect(reads).toBe(2)

    // Now the dataset is being read: the next run reads its catalogue before it commits, and requests find it ready.
    await commitRun(2)
    expect(reads).toBe(3)
    const prepared = await catalogues.get('live')
    expect(prepared).not.toBe(first)
    expect(reads).toBe(3)

    // Two runs one after the other: the first reads (a request came after the last), the second does not.
    await commitRun(3)
    await commitRun(4)
    expect(reads).toBe(4)
    await catalogues.get('live')
    expect(reads).toBe(5)
    await commitRun(5)
    expect(reads).toBe(6)
    // The sandbox is a dataset of its own: a request for it says nothing of the live one.
    await catalogues.get('sandbox')
    expect(reads).toBe(7)
    await commitRun(6)
    expect(reads).toBe(7)
  })
})
