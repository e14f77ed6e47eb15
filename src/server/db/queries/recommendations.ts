import type { Recommendation } from '../../../api/contract/recommendations'
import type { ScopedDb } from './scoped'

export async function saveRecommendation(db: ScopedDb, recommendation: Recommendation) {
  await db
    .insertInto('recommendations')
    .values({ id: recommendation.id, created_at: recommendation.created_at, body: JSON.stringify(recommendation) })
    .execute()
}

export async function findRecommendation(db: ScopedDb, id: string): Promise<Recommendation | undefined> {
  const row = await db.selectFrom('recommendations').select('body').where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as Recommendation
}
