import type { Kysely } from 'kysely'
import type { Recommendation } from '../../../api/contract/recommendations'
import type { Database, Dataset } from '../schema'
import { scoped, type ScopedDb } from './scoped'
import { StoreBusy } from '../engine/store-turns'

interface PendingSave {
  dataset: Dataset
  /** The maker's credential fingerprint: a caller lists the shortlists they made. */
  credential: string
  recommendation: Pick<Recommendation, 'id' | 'created_at'>
  /** The recommendation as JSON, as the response sends it. */
  body: string
  done: (error?: unknown) => void
}

const maxRowsPerInsert = 100

/**
 * Stores recommendations with group commit: the briefs that arrive while one insert is under way are written
 * together in the next, as one statement. Under concurrent briefs that costs one commit per batch instead of one
 * per brief.
 *
 * A brief's answer waits for its row, but only so long (`waitMs`): on the embedded store a run's writing holds the
 * one connection for as long as it writes, and a brief answered from the catalogue in milliseconds must not wait
 * seconds for it. Past the wait the answer is sent and the row is written when the store is free; until then the
 * shortlist is kept here (`unwrittenJson`), and what reads shortlists from the store first lets the writing finish
 * (`written`). Its statements take their turn however long they wait (`db` is the store's queued handle).
 */
export class RecommendationWriter {
  private queue: PendingSave[] = []
  private flushing = false
  /** Shortlists answered or about to be, whose rows are not committed yet, by dataset and id. */
  private readonly unwritten = new Map<string, { dataset: Dataset; body: string; written: Promise<void> }>()

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (message: string) => void = console.error,
  ) {}

  /**
   * Queues a recommendation's row; settles once it is committed, or once `waitMs` passed with it still queued
   * (kept in memory until written). Fails if the write failed within the wait.
   */
  async save(dataset: Dataset, credential: string, recommendation: Pick<Recommendation, 'id' | 'created_at'>, body: string, waitMs: number): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.queue.push({ dataset, credential, recommendation, body, done: (error) => (error === undefined ? resolve() : reject(error)) })
      if (!this.flushing) void this.flush()
    })
    const key = `${dataset}:${recommendation.id}`
    this.unwritten.set(key, { dataset, body, written })
    let answered = false
    written.then(
      () => this.unwritten.delete(key),
      (error: Error) => {
        this.unwritten.delete(key)
        if (answered) this.log(`shortlist ${recommendation.id} was answered but could not be stored: ${error.message}`)
      },
    )
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([written, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))])
    } finally {
      answered = true
      clearTimeout(timer)
    }
  }

  /** A shortlist answered whose row is not written yet, as the JSON it was answered with. */
  unwrittenJson(dataset: Dataset, id: string): string | undefined {
    return this.unwritten.get(`${dataset}:${id}`)?.body
  }

  /**
   * Settles once every shortlist of the dataset answered so far is written (or failed to be), so a read of the
   * store that follows sees them; fails with StoreBusy if that takes longer than `waitMs`.
   */
  async written(dataset: Dataset, waitMs: number): Promise<void> {
    const waiting = [...this.unwritten.values()].filter((saved) => saved.dataset === dataset).map((saved) => saved.written)
    if (waiting.length === 0) return
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        Promise.allSettled(waiting),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new StoreBusy(waitMs)), waitMs))),
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  private async flush() {
    this.flushing = true
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, maxRowsPerInsert)
        for (const dataset of new Set(batch.map((pending) => pending.dataset))) {
          const saves = batch.filter((pending) => pending.dataset === dataset)
          try {
            await scoped(this.db, dataset)
              .insertInto('recommendations')
              .values(
                saves.map(({ recommendation, body, credential }) => ({ id: recommendation.id, created_at: recommendation.created_at, body, credential })),
              )
              .execute()
            for (const pending of saves) pending.done()
          } catch (error) {
            for (const pending of saves) pending.done(error)
          }
        }
      }
    } finally {
      this.flushing = false
    }
  }
}

/** A kept shortlist as its list shows it: its answer (to read the brief and totals from), name and date. */
export interface KeptShortlistRow {
  id: string
  created_at: Date
  name: string | null
  body: string
}

/** The shortlists one credential made, newest first (ties by id, so a page never shifts), and how many in all. */
export async function listShortlistsOf(db: ScopedDb, credential: string, page: { page: number; per_page: number }) {
  const mine = db.selectFrom('recommendations').where('credential', '=', credential)
  const [rows, count] = await Promise.all([
    mine
      .select(['id', 'created_at', 'name', 'body'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page)
      .execute(),
    mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map((row) => ({ ...row, created_at: new Date(row.created_at) })) as KeptShortlistRow[], total: Number(count.total) }
}

/** Names a shortlist its credential made; undefined when there is none of that id made by that credential. */
export async function renameShortlist(db: ScopedDb, credential: string, id: string, name: string | null): Promise<KeptShortlistRow | undefined> {
  const row = await db
    .updateTable('recommendations')
    .set({ name })
    .where('id', '=', id)
    .where('credential', '=', credential)
    .returning(['id', 'created_at', 'name', 'body'])
    .executeTakeFirst()
  return row && { ...row, created_at: new Date(row.created_at) }
}

/**
 * Deletes a shortlist its credential made, keeping only its id and when it went (`whenDeleted`), in one transaction;
 * false when there is none of that id made by that credential.
 */
export async function deleteShortlist(db: Kysely<Database>, dataset: Dataset, credential: string, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const kept = scoped(trx, dataset)
    const deleted = await kept.deleteFrom('recommendations').where('id', '=', id).where('credential', '=', credential).returning('id').executeTakeFirst()
    if (deleted === undefined) return false
    await kept.insertInto('deleted_recommendations').values({ id, deleted_at: now }).onConflict((oc) => oc.column('id').doNothing()).execute()
    return true
  })
}

/** When a shortlist of this id was deleted; undefined when none was. */
export async function whenDeleted(db: ScopedDb, id: string): Promise<Date | undefined> {
  const row = await db.selectFrom('deleted_recommendations').select('deleted_at').where('id', '=', id).executeTakeFirst()
  return row && new Date(row.deleted_at)
}

/** A stored recommendation with the name its maker gave it (null until named). */
export async function findShortlist(db: ScopedDb, id: string): Promise<{ body: string; name: string | null } | undefined> {
  return db.selectFrom('recommendations').select(['body', 'name']).where('id', '=', id).executeTakeFirst()
}
