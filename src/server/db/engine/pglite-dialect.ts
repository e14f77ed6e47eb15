import type { PGlite } from '@electric-sql/pglite'
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
import { collectGarbage } from '../../core/garbage'

/**
 * Bytes of COPY data handed to PGlite between collections of what they leave behind (see collectGarbage): PGlite
 * copies each block's Blob into a buffer of its own, which V8 does not weigh against its heap.
 */
const copiedBytesPerCollection = 128 * 1024 * 1024

/**
 * Kysely over embedded PGlite. PGlite has a single connection, so the driver hands it out to one user at a time:
 * a transaction must not see statements of concurrent requests interleaved into it.
 */
class PGliteConnection implements DatabaseConnection {
  private copiedBytes = 0

  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // A Blob as the last parameter is the data of a `copy … from '/dev/blob'` (see queries/copy-rows.ts).
    const parameters = query.parameters as unknown[]
    const blob = parameters.at(-1) instanceof Blob ? (parameters.at(-1) as Blob) : undefined
    if (blob && (this.copiedBytes += blob.size) >= copiedBytesPerCollection) {
      this.copiedBytes = 0
      collectGarbage()
    }
    const result = await this.pg.query<R>(query.sql, blob ? parameters.slice(0, -1) : parameters, { rowMode: 'object', ...(blob && { blob }) })
    // PGlite runs in this thread and settles its promises as microtasks: without a turn of the event loop between
    // statements, a run's transaction of a few hundred statements would hold every request for its whole length.
    await new Promise((resolve) => setImmediate(resolve))
    const affected = result.affectedRows
    return {
      rows: result.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results')
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection
  private queue: Promise<void> = Promise.resolve()
  private release: (() => void) | null = null

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue
    let release!: () => void
    this.queue = new Promise((resolve) => (release = resolve))
    await previous
    this.release = release
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
    const release = this.release
    this.release = null
    release?.()
  }

  async destroy() {
    await this.pg.close()
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver() {
    return new PGliteDriver(this.pg)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
}
