import { findProjectFacts } from '../db/queries/projects'
import type { ScopedDb } from '../db/queries/scoped'
import { storedCreditHistory } from './credit-history'
import { projectCredits } from './project-credits'
import { otherListings } from './other-listings'
import { credenceKey } from '../../api/key-spellings'

/**
 * Everything a project's page is made of that the store holds; what depends on the hour is added when it is shown.
 * Kept per dataset version by its route: a busy project's page sums ten thousand records and asks two more
 * questions of a store that answers one at a time.
 */
export async function readProjectPage(db: ScopedDb, idOrKey: string) {
  const facts = await findProjectFacts(db, credenceKey(idOrKey))
  if (!facts) return null
  const { row, signals, cells, years, origin, hasRecords } = facts
  const history = storedCreditHistory(years, origin)
  // What a registry's listing says of the project's totals (Isometric's), compared with its records.
  const listed = cells.flatMap((cell) => (cell.listed_totals ? [{ source: cell.source_id, ...cell.listed_totals }] : []))
  // Another registry's listing of the same compliance project, whose cancellations this listing's count may hold.
  const others = await otherListings(db, row)
  const credits = await projectCredits(db, row, origin, history.years, hasRecords, listed, others)
  return { row, signals, cells, history, credits, others }
}
export type ProjectPageReads = NonNullable<Awaited<ReturnType<typeof readProjectPage>>>
