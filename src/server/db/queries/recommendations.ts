import type { Kysely } from 'kysely'
import type { Recommendation } from '../../../api/contract/recommendations'
import type { Database, Dataset } from '../schema'
import { scoped, type ScopedDb } from './scoped'

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
 * Stores recommendations with group commit: a brief's answer is only sent once its row is committed, and the
 * briefs that arrive while one insert is under way are written together in the next, as one statement. Under
 * concurrent briefs that costs one commit per batch instead of one per brief.
 */
export class RecommendationWriter {
  private queue: PendingSave[] = []
  private flushing = false

  constructor(private readonly db: Kysely<Database>) {}

  save(dataset: Dataset, credential: string, recommendation: Pick<Recommendation, 'id' | 'created_at'>, body: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ dataset, credential, recommendation, body, done: (error) => (error === undefined ? resolve() : reject(error)) })
      if (!this.flushing) void this.flush()
    })
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

/** A stored recommendation as the JSON its creation answered with, byte for byte. */
export async function findRecommendationJson(db: ScopedDb, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('recommendations').select('body').where('id', '=', id).executeTakeFirst()
  return row?.body
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

/** A stored recommendation with the name its maker gave it (null until named). */
export async function findShortlist(db: ScopedDb, id: string): Promise<{ body: string; name: string | null } | undefined> {
  return db.selectFrom('recommendations').select(['body', 'name']).where('id', '=', id).executeTakeFirst()
}
