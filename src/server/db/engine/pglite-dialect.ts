import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { collectYoungGarbage } from '../../core/garbage'
import type { Database } from '../schema'
import type { EmbeddedStore } from './embedded-store'
import { copiedBytesPerCollection } from './store-messages'
import type { StoreTurns } from './store-turns'

/** Kysely's one connection to the embedded store, in its thread (embedded-store.ts). */
class PGliteConnection implements DatabaseConnection {
  private copiedBytes = 0

  constructor(private readonly store: EmbeddedStore) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // A Blob as the last parameter is the data of a `copy … from '/dev/blob'` (see queries/copy-rows.ts).
    const parameters = query.parameters as unknown[]
    const blob = parameters.at(-1) instanceof Blob ? (parameters.at(-1) as Blob) : undefined
    if (blob && (this.copiedBytes += blob.size) >= copiedBytesPerCollection) {
      this.copiedBytes = 0
      collectYoungGarbage()
    }
    const result = await this.store.query(query.sql, blob ? parameters.slice(0, -1) : parameters, blob)
    const affected = result.affectedRows
    return {
      rows: result.rows as R[],
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results')
  }
}

/**
 * PGlite has a single connection, so the driver hands it out to one user at a time (`turns`, shared by every
 * Kysely over the store): a transaction must not see statements of concurrent requests interleaved into it.
 * With `waitMs`, a user that does not get its turn in time fails with StoreBusy instead of waiting on.
 */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection

  constructor(
    private readonly store: EmbeddedStore,
    private readonly turns: StoreTurns,
    private readonly waitMs: number | undefined,
  ) {
    this.connection = new PGliteConnection(store)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take(this.waitMs)
    return this.connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection() {
    this.turns.give()
  }

  async destroy() {
    await this.store.close()
  }
}

/**
 * The embedded store's adapter: PostgreSQL's, under a name of its own, so a query can tell the one session of the
 * embedded store from a pool of PostgreSQL connections (`onEmbeddedStore`), however its database was scoped.
 */
export class EmbeddedStoreAdapter extends PostgresAdapter {}

/** Whether `db` speaks to the embedded store, which keeps one session for the process. */
export const onEmbeddedStore = (db: Kysely<Database>) => db.getExecutor().adapter instanceof EmbeddedStoreAdapter

export class PGliteDialect implements Dialect {
  constructor(
    private readonly store: EmbeddedStore,
    private readonly turns: StoreTurns,
    private readonly waitMs?: number,
  ) {}
  createAdapter() {
    return new EmbeddedStoreAdapter()
  }
  createDriver() {
    return new PGliteDriver(this.store, this.turns, this.waitMs)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}
