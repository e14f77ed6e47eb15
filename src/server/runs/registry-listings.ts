import { deriveCoBenefits } from '../../api/co-benefits'
import { projectIdFor } from '../core/ids'
import type { RegistryListing } from '../importers/registry/registry-record'
import { listingStatus } from '../importers/registry/listing-status'
import type { NewProject } from '../db/schema'
import { countryIdentity } from '../importers/vocabulary/country-names'
import { listingVocabulary, unmappedCounts } from '../importers/vocabulary/listing-vocabulary'
import type { RunCounts } from './connector'

/**
 * Projects a registry lists that the catalogue does not hold yet (new listings), as real projects with the
 * registry's own name, status, methodology, state, developer, website, listing dates and UN SDGs, and its type, scope,
 * country and region in Credence's vocabulary (`importers/vocabulary`; the registry's type words are kept in
 * `type_as_published`). What the listing does not say is `Unknown` or empty, never guessed: no credits are counted
 * (its records, not its listing, say which vintages and how many remain), and the open rating rates it from its
 * facts and records once they are written (`rateRegistryListings`).
 */
export function projectsFromListings(listings: readonly RegistryListing[], regionByCountry: ReadonlyMap<string, string>, asOf: Date): NewProject[] {
  const seen = new Set<string>()
  const regions = new Map([...regionByCountry].map(([country, region]) => [countryIdentity(country), region]))
  return listings.flatMap((listing) => {
    if (seen.has(listing.key) || listing.name === '') return []
    seen.add(listing.key)
    const words = listingVocabulary(listing, regions)
    return [
      {
        id: projectIdFor(listing.key),
        key: listing.key,
        name: listing.name,
        registry: listing.registry,
        status: listingStatus(listing),
        scope: words.scope,
        type: words.type,
        type_as_published: words.type_as_published,
        reduction_removal: words.reduction_removal,
        region: words.region,
        country: words.country,
        state: listing.state ?? null,
        methodology: listing.methodology,
        developer: listing.developer,
        website: listing.website ?? null,
        vintage: null,
        issued: 0,
        retired: 0,
        remaining: 0,
        buffer: 0,
        labels: [],
        // What the type delivers by its nature, as Berkeley's projects of the type are credited with, and the UN SDGs
        // the registry lists (Berkeley's release carries none: Gold Standard's, ACR's and the Reserve's are theirs).
        co_benefits: deriveCoBenefits({ type: words.type, labels: [], sdgs: listing.sdgs ?? [] }),
        sdgs: listing.sdgs ?? [],
        listed_at: listing.listedAt ?? null,
        registered_at: listing.registeredAt ?? null,
        quality_score: null,
        quality_grade: null,
        updated_at: asOf,
        synthetic: false,
      },
    ]
  })
}

/** A run's counts with how many of the listings it made no rule of the vocabulary maps, for the run page to say. */
export function withUnmapped(counts: RunCounts, listed: readonly { type?: string; country?: string }[]): RunCounts {
  if (listed.length === 0) return counts
  const unmapped = unmappedCounts(listed.map((p) => ({ type: p.type ?? '', country: p.country ?? '' })))
  return { ...counts, byKind: { ...counts.byKind, unmapped } }
}
