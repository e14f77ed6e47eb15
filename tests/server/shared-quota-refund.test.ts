import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { takeFromLog } from '../../src/server/db/queries/rate-limit-hits'

/**
 * The quota every process on one PostgreSQL shares is a log of hits in the database (`takeFromLog`). A request
 * answered 503 gives its hit back (`http/rate-limit.ts`); here the log's own statements, on a store of the suite's
 * own.
 */
let database: DatabaseHandle
beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
}, 120_000)
afterAll(() => database?.close())

describe("the shared log of the sandbox key's requests", () => {
  it('takes back the one hit a refund names, and no other', async () => {
    const take = () => takeFromLog(database.db, 'sandbox-key', 2, 60_000)
    const first = await take()
    const second = await take()
    expect([first.allowed, second.allowed]).toEqual([true, true])
    expect((await take()).allowed).toBe(false)
    await second.refund!()
    const again = await take()
    expect(again).toMatchObject({ allowed: true, remaining: 0 })
    expect((await take()).allowed).toBe(false)
    // Another key's log is its own.
    expect((await takeFromLog(database.db, 'other-key', 2, 60_000)).remaining).toBe(1)
  })
})
