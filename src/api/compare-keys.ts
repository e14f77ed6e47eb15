import { projectKey, projectKeyRule } from './contract/common'

export const minCompared = 2
export const maxCompared = 6

export interface ComparedKeys {
  /** Well-formed keys, distinct, in the order given, at most six: the ones the page looks up. */
  keys: string[]
  /** Each thing wrong with the list, in words; the keys that are fine are still compared. */
  problems: string[]
}

/** One key as a person typed it: spaces and case do not matter. Null when it is not a project key. */
export function comparedKey(typed: string): string | null {
  const key = typed.trim().toUpperCase()
  return projectKey.safeParse(key).success ? key : null
}

/** Why a typed key cannot be compared, in words. */
export const notAKey = (typed: string) => `“${typed.trim()}” is not a project key (${projectKeyRule[0].toLowerCase()}${projectKeyRule.slice(1)})`

/**
 * Reads `keys=VCS934,GS337,…` as a person typed or pasted it: spaces and case do not matter, a key given
 * twice counts once, and is said to. A malformed key or a count outside 2–6 is said in words, and what remains is kept.
 */
export function parseComparedKeys(raw: string | null): ComparedKeys {
  const given = (raw ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
  const seen = new Set<string>()
  const repeated = new Set<string>()
  const wellFormed: string[] = []
  const problems: string[] = []
  for (const typed of given) {
    const upper = typed.toUpperCase()
    if (seen.has(upper)) {
      // Said, where it went silently: a link naming a project twice showed it once with no word why.
      if (comparedKey(typed)) repeated.add(upper)
      continue
    }
    seen.add(upper)
    const key = comparedKey(typed)
    if (key) wellFormed.push(key)
    else problems.push(`${notAKey(typed)}; it is left out.`)
  }
  if (repeated.size > 0) problems.push(`${[...repeated].join(', ')} ${repeated.size === 1 ? 'is' : 'are'} named more than once, and compared once.`)
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

