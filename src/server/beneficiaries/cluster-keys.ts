import { folded } from '../../lib/folded'

/**
 * Keys in the manner of OpenRefine's key collision: names whose key is the same are taken for one company. Written
 * here rather than taken from a library: the keyers are a few lines each, where talisman (MIT) brings a whole
 * toolkit and five dependencies for them, and clustring is AGPL-3.0 and pre-1.0.
 */

/** Words that say nothing of which company a name is: "Bain & Company" and "Bain and Company", "The North Face" and "North Face". */
const emptyWords = new Set(['the', 'and', 'y', 'e', 'et', 'und'])

/**
 * OpenRefine's fingerprint: accents folded, lower case, punctuation taken out (so "S.A." is "sa" and "Coca-Cola"
 * "cocacola"), the words sorted and each kept once. "TERPEL" and "Terpel", "Planétair" and "Planetair", "Salesforce"
 * and "salesforce" share one.
 */
export function fingerprintKey(name: string): string {
  const words = folded(name)
    .replace(/[\p{P}\p{S}\p{Cc}]/gu, '')
    .split(/\s+/)
    .filter((word) => word !== '' && !emptyWords.has(word))
  return [...new Set(words)].sort().join(' ')
}

/**
 * OpenRefine's n-gram fingerprint (n = 2): the name's letters and digits run together, cut into every pair of
 * neighbours, each pair once, sorted. It joins what spacing and word order part ("Coca Cola", "CocaCola",
 * "Cola-Coca"). Two guards keep it from joining what differs: a name of fewer than six letters has no key (too
 * few pairs to tell names apart), and the digits are kept in order beside the pairs, so "Company 121" and
 * "Company 1212", whose pairs are the same, stay apart.
 */
export function ngramKey(name: string): string | null {
  const compact = folded(name).replace(/[^\p{L}\p{N}]/gu, '')
  if (compact.replace(/\p{N}/gu, '').length < 6) return null
  const pairs = new Set<string>()
  const chars = [...compact]
  for (let i = 0; i < chars.length - 1; i++) pairs.add(chars[i] + chars[i + 1])
  return `${[...pairs].sort().join('')}|${compact.replace(/\P{N}/gu, '')}`
}
