import { projectCreditGroups } from '../db/queries/credits'
import { findProjectFacts, otherListingsOf } from '../db/queries/projects'
import type { ScopedDb } from '../db/queries/scoped'
import type { ProjectRow } from '../db/schema'
import { storedCreditHistory } from './credit-history'
import { ledgerOf, type OtherListing } from './credit-figures'
import { countOf } from './project-credits'

/**
 * The project's other listings by other registries (one compliance project, `projects.compliance_id`), each with
 * what its own count left unplaced of its cancellations dated before it: ACR746's page reads CAR2057's, whose
 * records cancel 43,934 of a vintage 2025 Berkeley counts under ACR746. None for all but a few dozen projects.
 */
export async function otherListings(db: ScopedDb, row: ProjectRow): Promise<OtherListing[]> {
  const listings = await otherListingsOf(db, row)
  const read = await Promise.all(
    listings.map(async (listing): Promise<OtherListing | null> => {
      const facts = await findProjectFacts(db, listing.key)
      if (!facts) return null
      const count = countOf(facts.row, facts.origin)
      const groups = facts.hasRecords ? await projectCreditGroups(db, listing.key, count?.asOf ?? null) : []
      const { unplacedBefore } = ledgerOf(storedCreditHistory(facts.years, facts.origin).years, count, groups)
      return { key: listing.key, registry: listing.registry, complianceId: listing.compliance_id!, unplaced: unplacedBefore.map((u) => ({ ...u, listing: listing.key })) }
    }),
  )
  return read.filter((listing) => listing !== null)
}
