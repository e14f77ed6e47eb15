import type { ReductionRemoval } from '../../../api/contract/common'
import { countryIdentity, countryNamed } from './country-names'
import { mapListingType } from './listing-type'
import { credenceTypes, unknownType } from './types'

const unknown = 'Unknown'

/** What a listing says, in the registry's words, that Credence's vocabulary speaks of. */
export interface ListingWords {
  type: string | null
  methodology: string | null
  /** The project's name, read last, where its methodology or type words cover several types (`name-words.ts`). */
  name?: string | null
  country: string | null
  /** The registry's own reduction-or-removal word, where its listing gives one (Isometric's pathways). */
  reductionRemoval?: ReductionRemoval
}

/** The listing in Credence's words, and what of it no rule could map. */
export interface ListingVocabulary {
  type: string
  /** The registry's own type words, where they differ from the type: kept so nothing is lost in the mapping. */
  type_as_published: string | null
  scope: string
  reduction_removal: ReductionRemoval
  country: string
  region: string
  /** No methodology, protocol or type words of the listing map to a Credence type. */
  unmappedType: boolean
  /** The listing names a country the table does not know. */
  unknownCountry: boolean
}

/**
 * The registry's type words, each part once: Cercarbono lists a project's sector once per location ("Energy
 * industries; Energy industries; Energy industries" for CCB16), which its page repeated as written.
 */
function publishedOnce(words: string | null): string | null {
  if (words === null) return null
  const parts = [...new Set(words.split(';').map((part) => part.trim()).filter(Boolean))]
  return parts.length > 0 ? parts.join('; ') : null
}

/**
 * Maps a listing into Credence's vocabulary at import: its type by methodology first, then by the registry's type
 * words (`listing-type.ts`); its scope and reduction-or-removal from the type (the registry's own word for the
 * latter wins where it gives one); its country to one spelling and its region from the country, never from the
 * registry's continent word (Verra's "Asia"). A country the table does not know keeps its wording and takes the
 * region the catalogue already gives that wording, else `Unknown`.
 */
export function listingVocabulary(listing: ListingWords, regionByCountry: ReadonlyMap<string, string> = new Map()): ListingVocabulary {
  const mapped = mapListingType(listing)
  const type = mapped.type ?? unknownType
  const known = mapped.type ? credenceTypes[mapped.type] : undefined
  const country = countryNamed(listing.country)
  const written = listing.country?.trim() || null
  const published = publishedOnce(listing.type)
  return {
    type,
    type_as_published: published !== null && published !== type ? published : null,
    scope: known?.scope ?? unknown,
    reduction_removal: listing.reductionRemoval ?? known?.reductionRemoval ?? 'reduction',
    country: country?.name ?? written ?? unknown,
    region: country?.region ?? (written ? regionByCountry.get(countryIdentity(written)) : undefined) ?? unknown,
    unmappedType: mapped.type === null,
    unknownCountry: written !== null && country === undefined,
  }
}

/** How many of these new projects no rule mapped: typed `Unknown`, or in a country the table does not know. */
export function unmappedCounts(projects: readonly { type: string; country: string }[]): { types: number; countries: number } {
  let types = 0
  let countries = 0
  for (const project of projects) {
    if (project.type === unknownType) types++
    if (project.country !== unknown && countryNamed(project.country) === undefined) countries++
  }
  return { types, countries }
}
