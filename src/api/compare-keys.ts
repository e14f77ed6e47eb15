import { projectKey } from './contract/common'

export const minCompared = 2
export const maxCompared = 6

export interface ComparedKeys {
  /** Well-formed keys, distinct, in the order given, at most six: the ones the page looks up. */
  keys: string[]
  /** Each thing wrong with the list, in words; the keys that are fine are still compared. */
  problems: string[]
}

/**
 * Reads `keys=VCS934,GS337,…` as a person typed or pasted it: spaces and case do not matter, a key given
 * twice counts once. A malformed key or a count outside 2–6 is said in words, and what remains is kept.
 */
export function parseComparedKeys(raw: string | null): ComparedKeys {
  const given = (raw ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
  const seen = new Set<string>()
  const wellFormed: string[] = []
  const problems: string[] = []
  for (const key of given) {
    const upper = key.toUpperCase()
    if (seen.has(upper)) continue
    seen.add(upper)
    if (projectKey.safeParse(upper).success) wellFormed.push(upper)
    else problems.push(`“${key}” is not a project key (letters, digits, dot, dash or underscore, e.g. VCS934); it is left out.`)
  }
  const keys = wellFormed.slice(0, maxCompared)
  const dropped = wellFormed.slice(maxCompared)
  if (dropped.length > 0) {
    problems.push(
      `At most ${maxCompared} projects can be compared at once; ${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} left out.`,
    )
  }
  if (keys.length < minCompared) {
    problems.push(
      keys.length === 0
        ? `Name ${minCompared} to ${maxCompared} projects to compare, e.g. /compare?keys=VCS934,GS337.`
        : `A comparison needs at least ${minCompared} projects; only ${keys[0]} is named. Add another key.`,
    )
  }
  return { keys, problems }
}

