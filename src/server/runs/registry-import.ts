import type { RegistryListing, SkippedRow } from '../importers/registry/credit-record'
import { copyNewCredits, creditFingerprints, insertSearchTexts, rewriteCredits, tidyCredits } from '../db/queries/credits'
import { CopyBlocks } from '../db/queries/copy-rows'
import { projectFactsByKey, upsertCoverage, upsertImportedProjects } from '../db/queries/imports'
import { jsonChunks } from '../db/queries/json-chunks'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewCoverage, NewCreditSearchText } from '../db/schema'
import type { RunPlan } from './connector'
import type { DigestedCredits } from './credit-digest'
import { packedCount, textAt } from './packed-texts'
import { lineAt } from './packed-lines'
import { projectsFromListings } from './registry-listings'

/**
 * A run's records, taken in file by file as each is read (the next file is read meanwhile): each looked up by id
 * and counted new, changed or unchanged, and the new and changed kept only as their lines for COPY, a few hundred
 * strings rather than an object per record. A record in two files of one run (the same export given twice) is
 * one record, the first.
 */
export class CreditIntake {
  readonly fresh = new CopyBlocks()
  readonly changed = new CopyBlocks()
  unchanged = 0
  /** The projects the records are of, by upper-cased key. */
  readonly projectKeys = new Set<string>()
  /** The newest day a record carries. */
  newest: string | null = null
  private readonly seen = new Set<string>()
  private readonly texts = new Map<string, NewCreditSearchText>()

  constructor(
    private readonly db: ScopedDb,
    private readonly inRun: (key: string) => boolean,
  ) {}

  /** Records taken, each once. */
  get count() {
    return this.seen.size
  }

  /** Takes a file's records; one whose project is not yet resolved (`@…`) is left for later. */
  async take(file: Omit<DigestedCredits, 'unresolved'>) {
    const projectInRun = file.projectKeys.map((key) => !key.startsWith('@') && this.inRun(key))
    const taken: number[] = []
    const ids: string[] = []
    for (let i = 0; i < packedCount(file.ids); i++) {
      const id = textAt(file.ids, i)
      if (!projectInRun[file.projectOf[i]] || this.seen.has(id)) continue
      this.seen.add(id)
      taken.push(i)
      ids.push(id)
    }
    const stored = await creditFingerprints(this.db, ids)
    const projectsTaken = new Uint8Array(file.projectKeys.length)
    const textsTaken = new Uint8Array(file.searchTexts.length)
    taken.forEach((i, n) => {
      const before = stored.get(ids[n])
      if (before === undefined) this.fresh.add(lineAt(file.lines, i))
      else if (before !== textAt(file.fingerprints, i)) this.changed.add(lineAt(file.lines, i))
      else this.unchanged++
      projectsTaken[file.projectOf[i]] = 1
      textsTaken[file.searchTextOf[i]] = 1
    })
    projectsTaken.forEach((taken, p) => {
      if (!taken) return
      this.projectKeys.add(file.projectKeys[p].toUpperCase())
      const newest = file.newestDays[p]
      if (newest && (this.newest === null || newest > this.newest)) this.newest = newest
    })
    textsTaken.forEach((taken, t) => taken && this.texts.set(file.searchTexts[t].id, file.searchTexts[t]))
  }

  /** The search texts of the records taken, each once: a record left out of the run adds none. */
  searchTexts(): NewCreditSearchText[] {
    return [...this.texts.values()]
  }
}

export interface RegistryImport {
  /** The run's records, every file taken in. */
  credits: CreditIntake
  listings: readonly RegistryListing[]
  /** Rows the files could not give, with why. */
  skipped: readonly SkippedRow[]
  asOf: Date
  sourceId: string
  /** Which store the records go to: new ones are written by COPY on both, straight in on the embedded one. */
  store: 'pglite' | 'postgresql'
}

/**
 * Plans an import of a registry's records and listings into a dataset: each record written once by its identity
 * (new, changed or unchanged, counted so), new listings made projects unless the catalogue is generated, and
 * every project the export names that the catalogue holds covered by the registry's source as of the export's
 * date.
 */
export async function planRegistryImport(db: ScopedDb, dataset: Dataset, input: RegistryImport): Promise<RunPlan> {
  const { credits, listings, skipped, asOf, sourceId } = input
  // Only what is new or says something new is written; the rest is counted unchanged.
  const fresh = credits.fresh.done()
  const changed = credits.changed.done()
  const searchTexts = credits.searchTexts()
  const created = credits.fresh.count
  const updated = credits.changed.count
  const facts = await projectFactsByKey(db)
  const projects = new Map(facts.map((p) => [p.key.toUpperCase(), p.id]))
  // A generated catalogue is never mixed with real projects: new listings wait for Berkeley's file to be imported.
  const generated = facts.some((p) => p.synthetic)
  const regionByCountry = new Map(facts.filter((p) => !p.synthetic && p.region !== 'Unknown').map((p) => [p.country.toLowerCase(), p.region]))
  const unlisted = listings.filter((listing) => !projects.has(listing.key.toUpperCase()))
  const listed = generated ? [] : projectsFromListings(unlisted, regionByCountry, asOf)
  for (const project of listed) projects.set(project.key.toUpperCase(), project.id!)
  const covered = new Set([...credits.projectKeys, ...listings.map((l) => l.key.toUpperCase())])
  const asOfText = asOf.toISOString()
  const coverage: NewCoverage[] = [...covered].flatMap((key) => {
    const id = projects.get(key)
    return id ? [{ project_id: id, source_id: sourceId, last_success_at: asOfText }] : []
  })
  const skippedRows: SkippedRow[] = [...skipped, ...(generated ? waitingListings(unlisted) : [])]
  return {
    processed: credits.count + listings.length,
    counts: {
      created: created + listed.length,
      updated,
      unchanged: credits.unchanged + (listings.length - unlisted.length),
      skipped: skippedRows.length,
    },
    asOf,
    skippedRows: skippedRows.slice(0, 10),
    async apply(trx) {
      const target = { db: trx, dataset }
      if (listed.length > 0) await upsertImportedProjects(target, jsonChunks(listed))
      await insertSearchTexts(target, searchTexts, input.store)
      await rewriteCredits(target, changed)
      await copyNewCredits(target, { blocks: fresh, rows: created }, input.store)
      await upsertCoverage(target, coverage)
    },
    async afterCommit(db) {
      if (created + updated > 0) await tidyCredits({ db, dataset })
    },
  }
}

/** New listings a generated catalogue cannot take: read, counted, and said to be skipped rather than silently dropped. */
function waitingListings(listings: readonly RegistryListing[]): SkippedRow[] {
  return listings.map((listing) => ({
    row: listing.row,
    reason: `${listing.key} is a new listing; the catalogue is generated, and real projects join it once Berkeley's file is imported`,
  }))
}
