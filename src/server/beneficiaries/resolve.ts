import { clusterCompanies } from './cluster'
import { applyDecisions, type AppliedDecision } from './decisions'

/** A stored spelling as the resolution reads it: its raw string, what the rules read in it and why, and its records. */
export interface SpellingToResolve {
  id: string
  text: string
  rulesName: string | null
  rulesWhy: string
  records: number
}

/** Whom a spelling names in the end (null: no one), and why, in words: the rules, the company, the decisions. */
export interface Resolution {
  id: string
  name: string | null
  why: string
}

/**
 * The whole resolution of a dataset's spellings, from the rules' reading to the analysts' word: the spellings the
 * rules read a name in are grouped into companies by key collision and shown by their best-written form, then
 * every decision not undone is applied, oldest first. A pure function of the spellings and the decisions, so an
 * import and a decision reach the same answer, whichever came first.
 */
export function resolveSpellings(spellings: readonly SpellingToResolve[], decisions: readonly AppliedDecision[]): Resolution[] {
  const read = spellings.map((spelling) => ({ name: spelling.rulesName, records: spelling.records, text: spelling.text }))
  const companies = clusterCompanies(read)
  const clusterWhy: string[] = spellings.map(() => '')
  for (const company of companies) for (const i of company.members) clusterWhy[i] = company.why
  const { nameOf, notes } = applyDecisions(companies, read, decisions)
  return spellings.map((spelling, i) => ({
    id: spelling.id,
    name: nameOf[i],
    why: [spelling.rulesWhy, clusterWhy[i], ...notes[i]].filter((part) => part !== '').join('; '),
  }))
}

/**
 * Resolves spellings as `resolveSpellings` does, wherever the caller has it done: an import hands the work to a
 * parsing worker (tens of thousands of spellings are half a second of CPU the API's thread would otherwise not
 * answer in); an analyst's decision, a few at a time, resolves in place.
 */
export type SpellingResolver = (spellings: SpellingToResolve[], decisions: AppliedDecision[]) => Resolution[] | Promise<Resolution[]>
