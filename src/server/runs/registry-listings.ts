import { projectIdFor } from '../core/ids'
import type { RegistryListing } from '../importers/registry/credit-record'
import { listingStatus } from '../importers/registry/listing-status'
import type { NewProject } from '../db/schema'

const unknown = 'Unknown'

/**
 * Projects a registry lists that the catalogue does not hold yet (new listings), as real projects with the
 * registry's own name, type, status, methodology, country and developer. What the listing does not say is
 * `Unknown`, never guessed: the region is the one the catalogue already gives the same country, the scope is
 * unknown, no credits are issued yet, and no quality is known until the open rating has facts to rate.
 */
export function projectsFromListings(listings: readonly RegistryListing[], regionByCountry: ReadonlyMap<string, string>, asOf: Date): NewProject[] {
  const seen = new Set<string>()
  return listings.flatMap((listing) => {
    if (seen.has(listing.key) || listing.name === '') return []
    seen.add(listing.key)
    const country = listing.country ?? unknown
    return [
      {
        id: projectIdFor(listing.key),
        key: listing.key,
        name: listing.name,
        registry: listing.registry,
        status: listingStatus(listing.status),
        scope: unknown,
        type: listing.type ?? unknown,
        type_as_published: null,
        reduction_removal: listing.reductionRemoval ?? ('reduction' as const),
        region: listing.region ?? regionByCountry.get(country.toLowerCase()) ?? unknown,
        country,
        state: null,
        methodology: listing.methodology,
        developer: listing.developer,
        website: listing.website ?? null,
        vintage: null,
        issued: 0,
        retired: 0,
        remaining: 0,
        buffer: 0,
        labels: [],
        co_benefits: [],
        sdgs: [],
        listed_at: null,
        registered_at: null,
        quality_score: null,
        quality_grade: null,
        updated_at: asOf,
        synthetic: false,
      },
    ]
  })
}
