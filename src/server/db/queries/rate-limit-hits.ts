import { sql, type Kysely } from 'kysely'
import type { Database } from '../schema'

export interface Quota {
  allowed: boolean
  /** Requests left in the window after this one. */
  remaining: number
  /** Until the oldest counted request leaves the window. */
  resetMs: number
  /** Takes back the request counted, where the answer did nothing (a 503): it leaves the quota as it was. */
  refund?: () => void | Promise<void>
}

/**
 * One request against a sliding log kept in the database, so every process counts the same requests on the
 * same clock. A transaction-scoped advisory lock on the credential serialises its requests, whichever process
 * they reach: the count and the insert cannot interleave, and the 61st request in a window is refused exactly.
 * Hits are stamped with clock_timestamp() after the lock is taken, so they are in the order they were counted.
 */
export async function takeFromLog(db: Kysely<Database>, credential: string, limit: number, windowMs: number): Promise<Quota> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`credence.rate-limit:${credential}`}, 0))`.execute(trx)
    const window = sql`${windowMs}::integer * interval '1 millisecond'`
    await sql`delete from rate_limit_hits where credential = ${credential} and at <= clock_timestamp() - ${window}`.execute(trx)
    const { rows } = await sql<{ hits: string; reset_ms: number | null }>`
      select count(*) as hits,
             extract(epoch from (min(at) + ${window} - clock_timestamp())) * 1000 as reset_ms
      from rate_limit_hits where credential = ${credential}`.execute(trx)
    const hits = Number(rows[0].hits)
    if (hits >= limit) return { allowed: false, remaining: 0, resetMs: Number(rows[0].reset_ms ?? 0) }
    const inserted = await sql<{ at: string }>`insert into rate_limit_hits (credential, at) values (${credential}, clock_timestamp()) returning at::text as at`.execute(trx)
    const at = inserted.rows[0].at
    const refund = async () => {
      await sql`delete from rate_limit_hits where ctid = (select ctid from rate_limit_hits where credential = ${credential} and at = ${at}::timestamptz limit 1)`.execute(db)
    }
    return { allowed: true, remaining: limit - hits - 1, resetMs: hits === 0 ? windowMs : Number(rows[0].reset_ms ?? windowMs), refund }
  })
}
