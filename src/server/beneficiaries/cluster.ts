import { bestWritten } from './best-written'
import { fingerprintKey, ngramKey } from './cluster-keys'

/** A spelling as the rules read it, with how many records it stands for. */
export interface ReadSpelling {
  /** The name the rules read (null: it names no one). */
  name: string | null
  records: number
}

/** Spellings taken for one company, and the name it is shown by. */
export interface Company {
  name: string
  /** Indexes of its spellings. */
  members: number[]
  /** The fingerprint keys of its names, by which a decision finds it again after its shown name changes. */
  keys: Set<string>
  /** Why its spellings are one company, for each of them. */
  why: string
}

/** Union-find over the spellings' positions. */
class Groups {
  private readonly parent: number[]
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i)
  }
  root(i: number): number {
    while (this.parent[i] !== i) i = this.parent[i] = this.parent[this.parent[i]]
    return i
  }
  join(a: number, b: number) {
    const [x, y] = [this.root(a), this.root(b)]
    if (x !== y) this.parent[Math.max(x, y)] = Math.min(x, y)
  }
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ')

/**
 * The companies the spellings name: spellings whose names share a fingerprint key, or an n-gram key, are one
 * company (key collision, as OpenRefine clusters), shown by its best-written form. A spelling that names no one
 * is in none.
 */
export function clusterCompanies(spellings: readonly ReadSpelling[]): Company[] {
  const groups = new Groups(spellings.length)
  const first = new Map<string, number>()
  const keyed = (key: string, i: number) => {
    const seen = first.get(key)
    if (seen === undefined) first.set(key, i)
    else groups.join(seen, i)
  }
  spellings.forEach((spelling, i) => {
    if (spelling.name === null) return
    keyed(`f:${fingerprintKey(spelling.name)}`, i)
    const ngram = ngramKey(spelling.name)
    if (ngram !== null) keyed(`n:${ngram}`, i)
  })
  const byRoot = new Map<number, number[]>()
  spellings.forEach((spelling, i) => {
    if (spelling.name === null) return
    const root = groups.root(i)
    const members = byRoot.get(root)
    if (members) members.push(i)
    else byRoot.set(root, [i])
  })
  return [...byRoot.values()].map((members) => {
    const records = new Map<string, number>()
    for (const i of members) records.set(spellings[i].name!, (records.get(spellings[i].name!) ?? 0) + spellings[i].records)
    const names = [...records.keys()]
    const name = bestWritten(names.map((written) => ({ name: written, records: records.get(written)! })))
    const keys = new Set(names.map(fingerprintKey))
    const why =
      names.length > 1
        ? `one company with the names ${quoted(names.slice(0, 5))}${names.length > 5 ? ` and ${names.length - 5} more` : ''}, whose keys collide (${quoted([...keys].slice(0, 3))}); shown as "${name}", the best-written`
        : ''
    return { name, members, keys, why }
  })
}
