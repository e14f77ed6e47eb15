import { afterAll, beforeAll } from 'vitest'
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'

/**
 * An embedded store held in memory and migrated, opened before the calling suite's tests and closed after them,
 * for suites that exercise the store's queries in their own process. Answers the store, once it is open.
 */
export function memoryStore(): () => DatabaseHandle {
  let database: DatabaseHandle | undefined
  beforeAll(async () => {
    database = await connectDatabase({ dataDir: 'memory://' })
    await migrate(database.db)
  }, 60_000)
  afterAll(() => database?.close())
  return () => {
    if (!database) throw new Error('The store opens before the suite’s tests; it is not open yet.')
    return database
  }
}
