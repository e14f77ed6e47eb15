import { sql } from 'kysely'
import { chunked } from './chunks'
import type { ScopedDb } from './scoped'
import { intoBufferPool } from './credits'

/**
 * What a project's registry records say that the open rating reads: the issuances by year. The labels they carry are
 * the project's own by then (`currentLabels`), read with its other facts.
 */
export interface RecordFacts {
  /** Credits issued by calendar year of issuance, years with none left out. */
  issuances: { year: number; issued: number }[]
  issued: number
  /** Of those, issued into the registry's buffer pool (core/buffer-pool.ts). */
  buffer: number
}

/** The record facts of projects by key (upper-cased in the answer); a project no record names is absent. */
export async function recordFactsByKey(db: ScopedDb, keys: readonly string[]): Promise<Map<string, RecordFacts>> {
  const out = new Map<string, RecordFacts>()
  const factsOf = (key: string) => {
    let facts = out.get(key)
    if (!facts) out.set(key, (facts = { issuances: [], issued: 0, buffer: 0 }))
    return facts
  }
  for (const chunk of chunked(keys.map((key) => key.toUpperCase()))) {
    // Matched on upper(project_key), as the credits' own index reads it.
    const issued = await db
      .selectFrom('credits')
      .select([
        sql<string>`upper(project_key)`.as('key'),
        sql<number>`extract(year from date)::int`.as('year'),
        sql<number>`sum(quantity)`.as('issued'),
        sql<number>`coalesce(sum(quantity) filter (where ${intoBufferPool('credits')}), 0)`.as('buffer'),
      ])
      .where(sql<string>`upper(project_key)`, 'in', chunk)
      .where('kind', '=', 'issuance')
      .where('date', 'is not', null)
      .groupBy([sql`upper(project_key)`, sql`extract(year from date)`])
      .execute()
    for (const row of issued) {
      const quantity = Number(row.issued)
      if (!(quantity > 0)) continue
      const facts = factsOf(row.key)
      facts.issuances.push({ year: Number(row.year), issued: quantity })
      facts.issued += quantity
      facts.buffer += Number(row.buffer)
    }
  }
  for (const facts of out.values()) facts.issuances.sort((a, b) => a.year - b.year)
  return out
}
