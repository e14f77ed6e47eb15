import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { onEmbeddedStore } from '../../src/server/db/engine/pglite-dialect'
import { migrate } from '../../src/server/db/migrations'
import { firstRowPrepared } from '../../src/server/db/queries/prepared'
import { scoped } from '../../src/server/db/queries/scoped'

/** A statement the embedded store prepares once answers as the same query asked afresh, whatever changes under it. */
let database: DatabaseHandle

beforeAll(async () => {
  database = await connectDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  await sql`create table sandbox.cadences (id text primary key, name text not null, cadence_hours integer not null)`.execute(database.db)
  await sql`insert into sandbox.cadences values ('src_one', 'One', 24), ('src_two', 'It''s two', 48)`.execute(database.db)
}, 60_000)

afterAll(() => database?.close())

const db = () => scoped(database.db, 'sandbox')
const byId = (id: string) =>
  CompiledQuery.raw('select id, name, cadence_hours from sandbox.cadences where id = $1', [id]) as CompiledQuery<{ id: string; name: string; cadence_hours: number }>
const prepared = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db)).rows.map((row) => row.name)

describe('a statement prepared once for the session', () => {
  it('answers as the query does, prepares itself on first use and once only', async () => {
    expect(await prepared()).toEqual([])
    expect(await firstRowPrepared(db(), byId('src_one'))).toEqual({ id: 'src_one', name: 'One', cadence_hours: 24 })
    expect(await firstRowPrepared(db(), byId('src_two'))).toEqual({ id: 'src_two', name: "It's two", cadence_hours: 48 })
    expect(await firstRowPrepared(db(), byId('src_none'))).toBeUndefined()
    const [name] = await prepared()
    expect(await prepared()).toEqual([name])
    // Asked at once, before either prepared it: one prepares, the other finds it prepared.
    await sql.raw(`deallocate ${name}`).execute(database.db)
    const both = await Promise.all([firstRowPrepared(db(), byId('src_one')), firstRowPrepared(db(), byId('src_two'))])
    expect(both.map((row) => row?.id)).toEqual(['src_one', 'src_two'])
    expect(await prepared()).toEqual([name])
  })

  it('is for the embedded store alone, however its database is scoped: a pool of PostgreSQL connections runs the query', async () => {
    expect(onEmbeddedStore(database.db)).toBe(true)
    expect(onEmbeddedStore(db())).toBe(true)
    expect(await database.db.transaction().execute(async (trx) => onEmbeddedStore(scoped(trx, 'sandbox')))).toBe(true)
    // Made, never connected: the adapter says which store it is.
    const pool = new Kysely<never>({ dialect: new PostgresDialect({ pool: new pg.Pool() }) })
    expect(onEmbeddedStore(pool as never)).toBe(false)
    await pool.destroy()
  })

  it('runs as usual, preparing nothing, for a parameter that is not plain text', async () => {
    const before = await prepared()
    for (const id of ["src_one' or '1'='1", 'src one', '']) expect(await firstRowPrepared(db(), byId(id))).toBeUndefined()
    expect(await prepared()).toEqual(before)
  })

  it('reads what a table holds now, after its rows and its indexes changed', async () => {
    await firstRowPrepared(db(), byId('src_one'))
    await sql`update sandbox.cadences set cadence_hours = 12 where id = 'src_one'`.execute(database.db)
    await sql`create index cadences_hours_idx on sandbox.cadences (cadence_hours)`.execute(database.db)
    expect(await firstRowPrepared(db(), byId('src_one'))).toMatchObject({ cadence_hours: 12 })
  })
})
