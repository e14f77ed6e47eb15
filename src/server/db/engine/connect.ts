import { Kysely, PostgresDialect } from 'kysely'
import type { Database } from '../schema'
import { PGliteDialect } from './pglite-dialect'
import { templatePath } from './pglite-template'
import { allowCopyFromBlob } from '../copy/pg-copy'
import { EmbeddedStore } from './embedded-store'
import { StoreTurns } from './store-turns'

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  dataDir: string
  /** Where a new embedded store's template of an empty cluster is kept (`off`: none); PGlite's cache folder when absent. */
  pgliteTemplate?: string
  /** How long a request waits for the embedded store's one connection before it is refused (`requests`); 2 s when absent. */
  requestWaitMs?: number
}

export interface DatabaseHandle {
  /** The store for work that waits its turn however long it takes: runs, upkeep, start-up, writes handed over by a request. */
  db: Kysely<Database>
  /**
   * The same store for requests. On the embedded store a request's statement waits at most `requestWaitMs` for the
   * one connection (a run's transaction may hold it for many seconds) and otherwise fails with StoreBusy, a 503.
   * On PostgreSQL it is `db`: a run holds one connection of the pool and readers never wait on its writing.
   */
  requests: Kysely<Database>
  engine: 'postgresql' | 'pglite'
  close(): Promise<void>
}

export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pg = await import('pg')
    // bigint (int8) stays a string in node-postgres; our queries cast what they need.
    const pool = new pg.default.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 3000 })
    // An idle connection dropped by the server (a restart, an outage) must not take the API down; the next
    // query opens a new one, or fails into a 503 while the database is away.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`))
    // The pool listens only to idle connections. One checked out (between two statements of a transaction, a
    // claim or a quota count) when the server goes away would otherwise raise an unhandled 'error' and end the
    // process; the statement using it fails on its own, into a 503 or the worker's next attempt.
    pool.on('connect', (client) => {
      client.on('error', () => {})
      allowCopyFromBlob(client)
    })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, requests: db, engine: 'postgresql', close: () => db.destroy() }
  }
  const store = await EmbeddedStore.open(options.dataDir, templatePath(options.pgliteTemplate))
  const turns = new StoreTurns()
  const db = new Kysely<Database>({ dialect: new PGliteDialect(store, turns) })
  const requests = new Kysely<Database>({ dialect: new PGliteDialect(store, turns, options.requestWaitMs ?? 2000) })
  return { db, requests, engine: 'pglite', close: () => db.destroy() }
}
