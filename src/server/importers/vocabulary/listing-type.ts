import { methodologyRows } from './methodologies'
import { nameWordRows } from './name-words'
import { typeWordRows } from './type-words'
import { credenceTypeNamed, credenceTypes, typeIdentity } from './types'

/** How a listing's type was found: by its methodology, by the registry's type words, by its name, or not at all. */
export type TypeMappedBy = 'methodology' | 'type words' | 'name words' | null

export interface MappedType {
  /** A Credence type, or null where no rule maps the listing. */
  type: string | null
  by: TypeMappedBy
}

/** `AMS-III.Z` and `AMS-III.Z.` are one code; so are `vm0047` and `VM0047`. */
const codeKey = (code: string) => code.toUpperCase().replace(/\.$/, '')
const titleKey = (text: string) => ` ${text.toLowerCase().replace(/&/g, ' and ').replace(/[^\p{L}\p{N}+]+/gu, ' ').trim()} `

const byCode = new Map(methodologyRows.flatMap((row) => (row.identifiers ?? []).map((code) => [codeKey(code), row.type] as const)))
const bySlug = new Map(methodologyRows.flatMap((row) => (row.slugs ?? []).map((slug) => [slug, row.type] as const)))
const byTitle = methodologyRows.flatMap((row) => (row.titles ?? []).map((title) => ({ key: titleKey(title), type: row.type })))

/** The codes a methodology's wording holds: CDM's, Verra's and Cercarbono's (`CDM - AR-ACM0003: …`, `VM0007; VM0033`). */
const codePattern = /(?<![\w-])(AR-ACM\d{4}|AR-AMS\d{4}|AR-AM\d{4}|ACM\d{4}|AMS-[IV]+\.[A-Z]+\.?|AM\d{4}|VMR\d{4}|VM\d{4}|M\/LU-REDD\+|M\/[A-Z/]+-[A-Z0-9]+)/gi

function methodologyType(part: string): string | undefined {
  const slug = bySlug.get(part.trim().toLowerCase())
  if (slug) return slug
  for (const [code] of part.matchAll(codePattern)) {
    const type = byCode.get(codeKey(code))
    if (type) return type
  }
  const key = titleKey(part)
  return byTitle.find((title) => key.includes(title.key))?.type
}

/** A registry's type words as one key: case, punctuation and a trailing compliance programme ("- ARB Compliance") aside. */
const wordsKey = (words: string) => typeIdentity(words.replace(/\s*-\s*(ARB|WA ECO|ECY)\s+Compliance\s*$/i, ''))
const byWords = new Map(typeWordRows.flatMap((row) => row.words.map((words) => [wordsKey(words), row.type] as const)))

function wordsType(part: string): string | undefined {
  return credenceTypeNamed(part) ?? byWords.get(wordsKey(part)) ?? credenceTypeNamed(part.replace(/\s*-\s*(ARB|WA ECO|ECY)\s+Compliance\s*$/i, ''))
}

/** The type a listing's name says, within a methodology or type words that cover several (`name-words.ts`). */
function nameType(listing: { methodology: string | null; type: string | null; name?: string | null }): string | undefined {
  const name = listing.name ?? ''
  if (name === '') return undefined
  const codes = new Set(partsOf(listing.methodology).flatMap((part) => [...part.matchAll(codePattern)].map(([code]) => codeKey(code))))
  const words = new Set(partsOf(listing.type).map(wordsKey))
  const types = new Set(
    nameWordRows
      .filter((row) => ('methodology' in row.within ? codes.has(codeKey(row.within.methodology)) : words.has(wordsKey(row.within.typeWords))))
      .filter((row) => row.says.test(name) && !row.unless.test(name))
      .map((row) => row.type),
  )
  return types.size === 1 ? [...types][0] : undefined
}

/** The parts of a cell that lists several values (`VM0007; VM0033`, `Land use (AFOLU); Land use (AFOLU)`). */
const partsOf = (text: string | null) => (text ?? '').split(';').map((part) => part.trim()).filter(Boolean)

/**
 * A listing's Credence type: the first of its methodologies the table maps (a registry lists the one that credits
 * the project first), else its type words when every part of them that maps agrees on one type (a pathway word,
 * Isometric's `Direct air capture`, or Cercarbono's repeated sectors), else its name where its methodology or type
 * words cover several types and the name says which (`name-words.ts`: "Maamba 100MW PV Solar Project" under
 * ACM0002), else none.
 */
export function mapListingType(listing: { methodology: string | null; type: string | null; name?: string | null }): MappedType {
  for (const part of partsOf(listing.methodology)) {
    const type = methodologyType(part)
    if (type) return { type, by: 'methodology' }
  }
  const parts = partsOf(listing.type)
  const types = new Set(parts.map(wordsType))
  if (parts.length > 0 && types.size === 1 && !types.has(undefined)) return { type: [...types][0]!, by: 'type words' }
  const named = nameType(listing)
  return named ? { type: named, by: 'name words' } : { type: null, by: null }
}

/**
 * The type Berkeley's file says of a project twice over, against the type it gives it: its methodology and the
 * registry's own type words (`Project Type From the Registry`) both map, by the tables above, to one type of another
 * scope. CAR2054–2058 and CAR2088–2092 are typed "Manure Methane Digester" (scope Agriculture) where their protocol
 * is the ARB's for mine methane capture and the Reserve's words "Mine Methane Capture - ARB Compliance"; CAR2086
 * "Landfill Methane" where both say livestock. A finer or coarser word within one scope is no contradiction (the
 * Reserve's Mexico forest protocol, which covers reforestation, under a reforestation), and one of the two alone is
 * not enough: 13 German coal-mine-methane projects list a manure methodology, their type and words mine methane.
 * Null where the type stands.
 */
export function typeTheFileSays(type: string, methodology: string | null, registryWords: string | null): string | null {
  const byMethodology = partsOf(methodology).map(methodologyType).find((found) => found !== undefined)
  const words = partsOf(registryWords).map(wordsType)
  const byWords = new Set(words)
  if (byMethodology === undefined || byWords.size !== 1 || !byWords.has(byMethodology) || byMethodology === type) return null
  const [given, said] = [credenceTypes[type], credenceTypes[byMethodology]]
  return given && said && given.scope !== said.scope ? byMethodology : null
}
