import { countries, international, type Country } from './countries'

/** Berkeley's 13 regions: the only regions the catalogue holds, with `Unknown` where the country is not known. */
export const berkeleyRegions: readonly string[] = [...new Set(countries.map((c) => c.region))]

/**
 * A country's name to look up by: case, accents, quotes, "&", a leading "The" and punctuation aside, so
 * `COTE D'IVOIRE`, `Côte d’Ivoire` and `Cote d Ivoire` are one name.
 */
export const countryIdentity = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '')

const internationalCountry: Country = { alpha2: '', alpha3: '', name: international, region: international, aliases: [] }

// The names browsers and Node know by code (CLDR's: `Congo - Kinshasa`, `Myanmar (Burma)`) are spellings too.
const displayNames = new Intl.DisplayNames(['en'], { type: 'region' })
const cldrName = (alpha2: string) => {
  try {
    return alpha2 ? displayNames.of(alpha2) : undefined
  } catch {
    return undefined
  }
}

const byName = new Map<string, Country>()
const byCode = new Map<string, Country>()
for (const country of [...countries, internationalCountry]) {
  for (const spelling of [country.name, ...country.aliases, cldrName(country.alpha2)]) {
    if (spelling) byName.set(countryIdentity(spelling), country)
  }
  if (country.alpha2) byCode.set(country.alpha2, country)
  if (country.alpha3) byCode.set(country.alpha3, country)
}

/**
 * The country a registry's text names: its ISO code (`US`, `USA`), its name in any of the spellings above, or
 * ISO's inverted form (`Korea, Republic of`, `Congo, The Democratic Republic of the`). Undefined when the text
 * names no country the table knows.
 */
export function countryNamed(text: string | null | undefined): Country | undefined {
  const value = text?.trim()
  if (!value) return undefined
  if (/^[A-Za-z]{2,3}$/.test(value)) {
    const coded = byCode.get(value.toUpperCase())
    if (coded) return coded
  }
  const found = byName.get(countryIdentity(value))
  if (found) return found
  const comma = value.indexOf(',')
  return comma > 0 ? byName.get(countryIdentity(`${value.slice(comma + 1)} ${value.slice(0, comma)}`)) : undefined
}
