import { folded } from '../../../lib/folded'
import { textHead } from '../../../lib/text-head'

/**
 * What a beneficiary search reads of a text: its first 4,000 characters, in lower case with accents folded
 * (`folded`: what is typed is read so too, so "Energia Chile" finds "ENGIE Energía Chile"). A search is at most 200
 * characters and looks for a name, a company's or the registry's words of whom credits were retired for; no
 * registry's field runs to thousands of characters but a hostile one, and every character kept is indexed by its
 * trigrams as it is written, about 125 ms of the embedded store's time for a million characters. A record keeps its
 * texts whole (`beneficiary_raw`); only what a search reads of them is bounded.
 */
export const searchedChars = 4_000

const searched = (text: string): string => folded(textHead(text, searchedChars))

/** A record's search text: the harmonised name and the registry's own fields, each as a search reads it. */
export const recordSearchText = (beneficiary: string | null, fields: Readonly<Record<string, string>>) =>
  [beneficiary ?? '', ...Object.values(fields)].map(searched).join(' | ')

/** A spelling's search text: the registry's text and the name it resolves to, each as a search reads it. */
export const spellingSearchText = (spelling: string, name: string | null) => `${searched(spelling)} | ${searched(name ?? '')}`
