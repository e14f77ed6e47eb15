import { bestWritten } from './best-written'
import { fingerprintKey } from './cluster-keys'
import type { Company, ReadSpelling } from './cluster'

/**
 * What an analyst decided, which beats the rules: `merge` makes the companies named one (shown as `into`, else
 * as the first); `split` takes a raw string out of the company it resolved to, into a name of its own (`into`,
 * else what the rules read in it) or into another company by giving that one's name; `rename` shows a company by
 * another name; `no_one` says a company's spellings name no one. Decisions apply in the order they were made.
 */
export type DecisionKind = 'merge' | 'split' | 'rename' | 'no_one'

export interface AppliedDecision {
  id: string
  kind: DecisionKind
  /** The companies it concerns, by the name shown when it was made. */
  names: readonly string[]
  /** The raw string a split takes out. */
  spelling: string | null
  into: string | null
  madeAt: Date
}

/** A spelling as decisions see it: its raw string and what the rules read in it. */
export interface DecidedSpelling extends ReadSpelling {
  text: string
}

interface Held {
  name: string
  members: Set<number>
  keys: Set<string>
  /** Named by an analyst: kept as it is when spellings leave it. */
  named: boolean
}

/** Each spelling's company after the decisions (null: no one), and the decisions that moved it, in words. */
export interface Decided {
  nameOf: (string | null)[]
  notes: string[][]
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A company by the name a decision gave: the one shown by that name, else the one any of whose names has its
 * fingerprint ("Terpel" finds the company shown as "TERPEL" since), the largest where several do.
 */
function find(held: readonly Held[], name: string): Held | undefined {
  const exact = held.find((company) => company.name === name)
  if (exact) return exact
  const key = fingerprintKey(name)
  let found: Held | undefined
  for (const company of held) if (company.keys.has(key) && (!found || company.members.size > found.members.size)) found = company
  return found
}

export function applyDecisions(companies: readonly Company[], spellings: readonly DecidedSpelling[], decisions: readonly AppliedDecision[]): Decided {
  let held: Held[] = companies.map((company) => ({ name: company.name, members: new Set(company.members), keys: new Set(company.keys), named: false }))
  const notes: string[][] = spellings.map(() => [])
  const note = (members: Iterable<number>, text: string) => {
    for (const i of members) notes[i].push(text)
  }
  /** A company's shown name once spellings left it: what its spellings say best, unless an analyst named it. */
  const reshown = (company: Held) => {
    if (company.named || company.members.size === 0) return
    const records = new Map<string, number>()
    for (const i of company.members) if (spellings[i].name !== null) records.set(spellings[i].name!, (records.get(spellings[i].name!) ?? 0) + spellings[i].records)
    if (records.size > 0) company.name = bestWritten([...records].map(([name, count]) => ({ name, records: count })))
  }
  /** Two companies shown by one name are one: a name is a company's identity. */
  const joinSameNames = () => {
    const byName = new Map<string, Held>()
    held = held.filter((company) => {
      if (company.members.size === 0) return false
      const same = byName.get(company.name)
      if (!same) return byName.set(company.name, company), true
      for (const i of company.members) same.members.add(i)
      for (const key of company.keys) same.keys.add(key)
      same.named ||= company.named
      return false
    })
  }

  for (const decision of decisions) {
    const by = `by an analyst on ${day(decision.madeAt)} (${decision.id})`
    if (decision.kind === 'merge') {
      const found = [...new Set(decision.names.map((name) => find(held, name)).filter((company) => company !== undefined))]
      if (found.length === 0) continue
      const into = found[0]
      for (const other of found.slice(1)) {
        for (const i of other.members) into.members.add(i)
        for (const key of other.keys) into.keys.add(key)
        other.members.clear()
      }
      into.name = decision.into ?? decision.names[0]
      into.named = true
      into.keys.add(fingerprintKey(into.name))
      note(into.members, `merged with ${decision.names.filter((name) => name !== into.name).map((name) => `"${name}"`).join(', ')} as "${into.name}" ${by}`)
    } else if (decision.kind === 'rename' && decision.into) {
      const company = find(held, decision.names[0])
      if (!company) continue
      note(company.members, `renamed from "${company.name}" to "${decision.into}" ${by}`)
      company.name = decision.into
      company.named = true
      company.keys.add(fingerprintKey(decision.into))
    } else if (decision.kind === 'no_one') {
      const company = find(held, decision.names[0])
      if (!company) continue
      note(company.members, `"${company.name}" marked as naming no one ${by}`)
      company.members.clear()
    } else if (decision.kind === 'split' && decision.spelling !== null) {
      const taken = spellings.flatMap((spelling, i) => (spelling.text === decision.spelling ? [i] : []))
      if (taken.length === 0) continue
      for (const company of held) {
        if (!taken.some((i) => company.members.has(i))) continue
        for (const i of taken) company.members.delete(i)
        reshown(company)
      }
      const read = taken.flatMap((i) => (spellings[i].name === null ? [] : [{ name: spellings[i].name!, records: spellings[i].records }]))
      const name = decision.into ?? (read.length > 0 ? bestWritten(read) : null)
      if (name === null) continue
      // Given a name, into the company it names (by its shown name or its key); else a company of its own.
      const target = decision.into === null ? held.find((company) => company.name === name) : find(held, name)
      if (target) {
        for (const i of taken) target.members.add(i)
      } else {
        held.push({ name, members: new Set(taken), keys: new Set([fingerprintKey(name)]), named: decision.into !== null })
      }
      note(taken, `split out as "${name}" ${by}`)
    }
    joinSameNames()
  }

  const nameOf: (string | null)[] = spellings.map(() => null)
  for (const company of held) for (const i of company.members) nameOf[i] = company.name
  return { nameOf, notes }
}
