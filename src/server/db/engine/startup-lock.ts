import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'

/** An arbitrary constant every Credence process agrees on: the key of the start-up advisory lock. */
const startupLockKey = 7_246_001

/**
 * Runs `prepare` (migrations, first seeding) while holding a session-level PostgreSQL advisory lock on one
 * connection of the pool. Processes started together on an empty database queue here: the first migrates and
 * seeds, the others then find the work done. The lock goes with the connection, so a process that dies while
 * holding it releases it.
 */
export async function underStartupLock<T>(db: Kysely<Database>, prepare: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${startupLockKey})`.execute(connection)
    try {
      return await prepare()
    } finally {
      await sql`select pg_advisory_unlock(${startupLockKey})`.execute(connection)
    }
  })
}
