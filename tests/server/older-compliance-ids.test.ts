import { readFileSync } from 'node:fs'
import { parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { readMeta } from '../../src/server/db/queries/meta'
import { sharedListings } from '../../src/server/db/queries/projects'
import { scoped } from '../../src/server/db/queries/scoped'
import { readOlderComplianceIds } from '../../src/server/seeding/older-compliance-ids'
import { seededStoreFolder } from '../support/api-server'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

/**
 * A live catalogue stored before compliance ids were kept gets those of Berkeley's file at start, once: its two
 * listings of one compliance project are then one project, as in a store made now.
 */
let database: DatabaseHandle
/** The file's `ARB / WA ID` of each project, read here with hyparquet rather than the server's reader. */
const idsInFile = new Map<string, string>()

beforeAll(async () => {
  for (const row of await parquetReadObjects({ file: readFileSync(berkeleyFile).buffer as ArrayBuffer, compressors })) {
    const id = typeof row['ARB / WA ID'] === 'string' ? row['ARB / WA ID'].trim() : ''
    if (id) idsInFile.set(String(row['Project ID']).trim(), id)
  }
  database = await connectDatabase({ dataDir: await seededStoreFolder({ env: seededFromBerkeley }) })
}, 180_000)

afterAll(() => database?.close())

const storedIds = async () =>
  new Map((await scoped(database.db, 'live').selectFrom('projects').select(['key', 'compliance_id']).where('compliance_id', 'is not', null).execute()).map((p) => [p.key, p.compliance_id]))

describe('a live catalogue stored before compliance ids were kept', () => {
  it("gets every id of Berkeley's file at start, once, and its twin listings are one project again", async () => {
    // A store made now holds the file's ids already, and is marked so at its first start.
    expect(await storedIds()).toEqual(idsInFile)
    expect(await readOlderComplianceIds(database.db, berkeleyFile)).toBeNull()
    expect(await readMeta(database.db, 'live', 'compliance_ids_from')).toBe('the store')

    // As a store migrated to 036 keeps them: the column empty, and no start has looked.
    await sql`update live.projects set compliance_id = null`.execute(database.db)
    await sql`delete from live.meta where key = 'compliance_ids_from'`.execute(database.db)
    expect(await sharedListings(scoped(database.db, 'live'))).toEqual([])

    expect(await readOlderComplianceIds(database.db, berkeleyFile)).toBe(idsInFile.size)
    expect(await storedIds()).toEqual(idsInFile)
    const twins = (await sharedListings(scoped(database.db, 'live'))).filter((listing) => listing.compliance_id === 'CAMM5746')
    expect(twins.map((listing) => listing.key)).toEqual(['ACR746', 'CAR2057'])
    // Once: the next start reads no file.
    expect(await readOlderComplianceIds(database.db, berkeleyFile)).toBeNull()
  })
})
