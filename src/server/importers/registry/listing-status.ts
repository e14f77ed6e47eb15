import type { ProjectStatus } from '../../../api/contract/common'
import { projectStatusOf } from '../status-words'
import type { RegistryListing } from './registry-record'

/**
 * A listing's status in the contract's four states, by the table every importer shares (`../status-words`), so a
 * registry's word means the same here as in Berkeley's file. A listing that leaves its status blank is read by
 * the credits it says were issued to the project, as Berkeley's blank statuses are.
 */
export function listingStatus(listing: Pick<RegistryListing, 'status' | 'creditsRegistered'>): ProjectStatus {
  return projectStatusOf(listing.status, listing.creditsRegistered ?? 0)
}
