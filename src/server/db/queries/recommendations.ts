import type { Kysely } from 'kysely'
import type { Recommendation } from '../../../api/contract/recommendations'
import type { Database, Dataset } from '../schema'
import { scoped, type ScopedDb } from './scoped'

interface PendingSave {
  dataset: Dataset
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

  save(dataset: Dataset, recommendation: Pick<Recommendation, 'id' | 'created_at'>, body: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ dataset, recommendation, body, done: (error) => (error === undefined ? resolve() : reject(error)) })
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
                saves.map(({ recommendation, body }) => ({ id: recommendation.id, created_at: recommendation.created_at, body })),
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
