import type { RegistryListing, SkippedRow } from '../importers/registry/registry-record'
import type { RunSkippedRow } from '../../api/contract/sources'
import { creditFingerprints, dropCreditStaging, insertStagedCredits, openCreditStaging, rewriteCredits, stageNewCredits, tidyCredits } from '../db/queries/credits'
import { dropBlockStaging, insertStagedBlocks, openBlockStaging, stageNewBlocks } from '../db/queries/credit-blocks'
import { insertSearchTexts } from '../db/queries/credit-search-texts'
import { CopyBlocks, type CopyBlock } from '../db/queries/copy-rows'
import { upsertCoverage } from '../db/queries/coverage'
import { upsertImportedProjects } from '../db/queries/projects'
import { holdsGenerated, projectsNamed, regionsByCountry } from '../db/queries/run-reads'
import { jsonChunks } from '../db/queries/json-chunks'
import type { ImportTarget, ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewBeneficiarySpelling, NewCoverage, NewCreditSearchText } from '../db/schema'
import { countSpellingRecords } from '../db/queries/beneficiary-spellings'
import { beginImportedResolution } from '../beneficiaries/stored-resolution'
import type { SpellingResolver } from '../beneficiaries/resolve'
import { runCounts, type RunCounts, type RunPlan } from './connector'
import type { DigestedCredits } from '../importers/digest/credit-digest'
import { CountedBlocks } from './counted-blocks'
import { packedCount, textAt } from '../importers/digest/packed-texts'
import { lineAt } from '../importers/digest/packed-lines'
import { projectsFromListings, withUnmapped } from './registry-listings'
import { listingStatus } from '../importers/registry/listing-status'
import { rateRegistryListings, rerateChangedLabels, rerateChangedStatuses } from '../quality/rerate'
import { breathe, stepsPerBreath } from './breathe'

/** The open rating's source, which covers a project once the rules have rated it. */
const ratingsSource = 'src_ratings'

/**
 * A run's records, taken in file by file as each is read (the next file is read meanwhile): each looked up by id
 * and counted new, changed or unchanged. The new, and their blocks of serial numbers, are copied into the run's
 * staging tables as each COPY's worth of them fills, outside the run's transaction, so the run neither holds every
 * new record's line until it applies nor copies a million of them while it holds the store; the changed are kept as their lines for COPY. A record in two
 * files of one run (the same export given twice) is one record, the first.
 */
export class CreditIntake {
  private readonly fresh = new CopyBlocks()
  private readonly staging = { records: false, blocks: false }
  /** The copies into the staging tables, one after another, how many wait, and the first that failed. */
  private copying: Promise<void> = Promise.resolve()
  private copiesWaiting = 0
  private stagingFailure: unknown = null
  readonly changed = new CopyBlocks()
  /** The run's blocks of serial numbers: a record sharing units with one counted already is skipped. */
  readonly blocks = new CountedBlocks()
  unchanged = 0
  /** Records an earlier file of the run gave already, counted once (the first). */
  repeated = 0
  /** Records of projects the run was not asked for. */
  outside = 0
  /** The projects the records are of, by upper-cased key. */
  readonly projectKeys = new Set<string>()
  /** By upper-cased key, the labels its records carry that say what its credits are (CCP, CORSIA, …). */
  readonly projectLabels = new Map<string, Set<string>>()
  /** The newest day a record carries. */
  newest: string | null = null
  private readonly seen = new Set<string>()
  private readonly texts = new Map<string, NewCreditSearchText>()
  private readonly spellings = new Map<string, NewBeneficiarySpelling>()
  /** Records written of each spelling (new or rewritten), and the records rewritten: what moves each spelling's count. */
  readonly spellingRecords = new Map<string, number>()
  readonly changedIds: string[] = []

  constructor(
    private readonly target: ImportTarget,
    private readonly inRun: (key: string) => boolean,
    /** Which store the records go to: the staging table is made for it (`openStaging`). */
    private readonly store: 'pglite' | 'postgresql',
  ) {}

  /** Records taken, each once. */
  get count() {
    return this.seen.size
  }

  /** New records taken: those staged, and those waiting for their block to fill. */
  get created() {
    return this.fresh.count
  }

  /**
   * Copies the filled blocks of new records, and of their blocks of serial numbers, into the staging tables (`all`:
   * the last ones too, once every file is taken, and answers once every copy is done). A slice's copies go on in the
   * store's thread while the next slice is taken here: only a second slice's copies wait for the first's, so what is
   * held meanwhile stays a slice or two.
   */
  async stage(all = false) {
    if (this.stagingFailure) throw this.stagingFailure
    const records = this.fresh.drain(all)
    const blocks = this.blocks.drainFresh(all)
    if (records.length > 0 || blocks.length > 0) {
      this.copiesWaiting++
      this.copying = this.copying
        .then(() => this.copyStaged(records, blocks))
        .catch((error: unknown) => void (this.stagingFailure ??= error))
        .finally(() => this.copiesWaiting--)
    }
    if (all || this.copiesWaiting > 1) await this.copying
    if (this.stagingFailure) throw this.stagingFailure
  }

  /** Answers once no copy into the staging tables is under way (a failed run drops them only then). */
  settled(): Promise<void> {
    return this.copying
  }

  private async copyStaged(records: readonly CopyBlock[], blocks: readonly CopyBlock[]) {
    if (this.stagingFailure) return
    if (records.length > 0) {
      if (!this.staging.records) await openCreditStaging(this.target, this.store)
      this.staging.records = true
      await stageNewCredits(this.target, records)
    }
    if (blocks.length > 0) {
      if (!this.staging.blocks) await openBlockStaging(this.target, this.store)
      this.staging.blocks = true
      await stageNewBlocks(this.target, blocks)
    }
  }

  /**
   * Takes a file's records; one whose project is not yet resolved (`@…`) is left for later. Answers the rows not
   * taken because their blocks overlap ones counted already.
   */
  async take(file: Omit<DigestedCredits, 'unresolved'>): Promise<SkippedRow[]> {
    const projectInRun = file.projectKeys.map((key) => !key.startsWith('@') && this.inRun(key))
    const candidates: number[] = []
    const candidateIds: string[] = []
    for (let i = 0; i < packedCount(file.ids); i++) {
      if (i > 0 && i % stepsPerBreath === 0) await breathe()
      const id = textAt(file.ids, i)
      // A record whose project is not yet resolved is taken once it is, and counted then.
      if (!projectInRun[file.projectOf[i]]) {
        if (!file.projectKeys[file.projectOf[i]].startsWith('@')) this.outside++
        continue
      }
      if (this.seen.has(id)) {
        this.repeated++
        continue
      }
      this.seen.add(id)
      candidates.push(i)
      candidateIds.push(id)
    }
    const stored = await creditFingerprints(this.target.db, candidateIds)
    const { taken, ids, skipped, skippedIds } = await this.blocks.count(this.target.db, file, candidates, candidateIds, stored)
    for (const id of skippedIds) this.seen.delete(id)
    const projectsTaken = new Uint8Array(file.projectKeys.length)
    const textsTaken = new Uint8Array(file.searchTexts.length)
    const spellingsTaken = new Uint8Array(file.spellings.length)
    // Records written of each of the file's spellings, by its number: counted under its id once per file, not once a
    // record (a million records' ids made text and counted one by one took the API's thread about 1 s).
    const writtenOfSpelling = new Uint32Array(file.spellings.length)
    for (let n = 0; n < taken.length; n++) {
      if (n > 0 && n % stepsPerBreath === 0) await breathe()
      const i = taken[n]
      const before = stored.get(ids[n])
      const written = before === undefined || before !== textAt(file.fingerprints, i)
      if (before === undefined) this.fresh.add(lineAt(file.lines, i))
      else if (written) {
        this.changed.add(lineAt(file.lines, i))
        this.changedIds.push(ids[n])
      } else this.unchanged++
      projectsTaken[file.projectOf[i]] = 1
      textsTaken[file.searchTextOf[i]] = 1
      const spelling = file.spellingOf[i]
      if (spelling >= 0) {
        spellingsTaken[spelling] = 1
        if (written) writtenOfSpelling[spelling]++
      }
    }
    projectsTaken.forEach((taken, p) => {
      if (!taken) return
      const key = file.projectKeys[p].toUpperCase()
      this.projectKeys.add(key)
      if (file.projectLabels[p].length > 0) {
        const held = this.projectLabels.get(key) ?? new Set<string>()
        for (const label of file.projectLabels[p]) held.add(label)
        this.projectLabels.set(key, held)
      }
      const newest = file.newestDays[p]
      if (newest && (this.newest === null || newest > this.newest)) this.newest = newest
    })
    textsTaken.forEach((taken, t) => taken && this.texts.set(file.searchTexts[t].id, file.searchTexts[t]))
    spellingsTaken.forEach((taken, t) => {
      if (!taken) return
      const id = String(file.spellings[t].spelling_id)
      this.spellings.set(id, file.spellings[t])
      if (writtenOfSpelling[t] > 0) this.spellingRecords.set(id, (this.spellingRecords.get(id) ?? 0) + writtenOfSpelling[t])
    })
    await this.stage()
    return skipped
  }

  /** The search texts of the records taken, each once: a record left out of the run adds none. */
  searchTexts(): NewCreditSearchText[] {
    return [...this.texts.values()]
  }

  /** The raw strings the records taken name their beneficiaries by, each once. */
  beneficiarySpellings(): NewBeneficiarySpelling[] {
    return [...this.spellings.values()]
  }
}

/** A listing with the name of the file that gave it, so a row of it the run leaves out is named by both. */
export type FiledListing = RegistryListing & { file: string }

export interface RegistryImport {
  /** The run's records, every file taken in. */
  credits: CreditIntake
  listings: readonly FiledListing[]
  /** Rows the files could not give, with why. */
  skipped: readonly RunSkippedRow[]
  /**
   * What the files gave beside records and listings: their data rows, the rows joined to an earlier row's record, the
   * rows that gave a second record, and listings of projects the run was not asked for.
   */
  read: { rows: number; joinedRows: number; pairedRows: number; pairedBecause: ReadonlySet<string>; listingsOutside: number }
  asOf: Date
  sourceId: string
  /** Which store the records go to: new ones are written by COPY on both, straight in on the embedded one. */
  store: 'pglite' | 'postgresql'
  /** Resolves the store's spellings once the records are written (in a parsing worker: `runs/connectors/registry.ts`). */
  resolveSpellings: SpellingResolver
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
  await credits.stage(true)
  const changed = credits.changed.done()
  const searchTexts = credits.searchTexts()
  const spellings = credits.beneficiarySpellings()
  const created = credits.created
  const updated = credits.changed.count
  // Only the projects the files name are looked up: on Berkeley's 10,975, reading every project's facts was most of
  // what planning a small export cost the store.
  const covered = new Set([...credits.projectKeys, ...listings.map((l) => l.key.toUpperCase())])
  const named = await projectsNamed(db, [...covered])
  const projects = new Map([...named].map(([key, { id }]) => [key, id]))
  // A generated catalogue is never mixed with real projects: new listings wait for Berkeley's file to be imported.
  const generated = await holdsGenerated(db)
  const generatedIds = new Set([...named.values()].flatMap((p) => (p.synthetic ? [p.id] : [])))
  const unlisted = listings.filter((listing) => !projects.has(listing.key.toUpperCase()))
  const listed = generated || unlisted.length === 0 ? [] : projectsFromListings(unlisted, await regionsByCountry(db), asOf)
  for (const project of listed) projects.set(project.key.toUpperCase(), project.id!)
  const asOfText = asOf.toISOString()
  // What the registry's own listing says of each project's status, kept beside its cell: newer than Berkeley's count,
  // it is the status the project reads (`currentStatus`), and the page says where the two differ.
  // A listing that leaves its status blank says nothing of it here.
  const statusOf = new Map(listings.flatMap((listing) => (listing.status ? [[listing.key.toUpperCase(), listingStatus(listing)] as const] : [])))
  // So too its totals, where it gives them (Isometric's): compared with its records on the project's page.
  const totalsOf = new Map(listings.flatMap((listing) => (listing.totals ? [[listing.key.toUpperCase(), { ...listing.totals, as_of: asOfText }] as const] : [])))
  // And the UN SDGs it lists, which Berkeley's file leaves out for most of ACR's and the Reserve's projects: a project
  // reads its own and every listing's (`currentSdgs`).
  const sdgsOf = new Map(listings.flatMap((listing) => (listing.sdgs && listing.sdgs.length > 0 ? [[listing.key.toUpperCase(), listing.sdgs] as const] : [])))
  const coverage: NewCoverage[] = [...covered].flatMap((key) => {
    const id = projects.get(key)
    const status = statusOf.get(key) ?? null
    // The labels its records carry, added to those its earlier imports' records carried (`upsertCoverage`).
    const labels = credits.projectLabels.get(key)
    return id
      ? [{ project_id: id, source_id: sourceId, last_success_at: asOfText, status, status_as_of: status === null ? null : asOfText, listed_totals: totalsOf.get(key) ?? null, labels: labels ? [...labels].sort() : null, sdgs: sdgsOf.get(key) ?? null }]
      : []
  })
  const skippedRows: RunSkippedRow[] = [...skipped, ...(generated ? waitingListings(unlisted) : [])]
  return {
    processed: credits.count + listings.length,
    // A known listing is left as it is: Berkeley's file or an earlier export made it, and says more of it.
    counts: withRowsRead(
      withUnmapped(
        runCounts(
          {
            projects: { created: listed.length, updated: 0, unchanged: listings.length - unlisted.length },
            records: { created, updated, unchanged: credits.unchanged },
          },
          { rows: skippedRows.length },
        ),
        listed,
      ),
      { rows: input.read.rows, joined_rows: input.read.joinedRows, paired_rows: input.read.pairedRows, paired_because: [...input.read.pairedBecause], repeated_records: credits.repeated, outside_run: credits.outside + input.read.listingsOutside },
    ),
    asOf,
    skippedRows: skippedRows.slice(0, 10),
    async apply(trx) {
      const target = { db: trx, dataset }
      // The spellings the rewritten records name now, counted before they are rewritten, so each count stays true.
      const leaving = await countSpellingRecords(trx, credits.changedIds)
      // Whom the records name, resolved again over every spelling the store holds: a new spelling may join a
      // company, and the analysts' decisions apply to it as to the others. Begun here, in a parsing worker, while
      // the store writes the records; written after them.
      const resolution = created + updated > 0 ? await beginImportedResolution(target, { spellings, adding: credits.spellingRecords, leaving }, input.store, input.resolveSpellings) : null
      if (listed.length > 0) await upsertImportedProjects(target, jsonChunks(listed))
      await insertSearchTexts(target, searchTexts, input.store)
      await rewriteCredits(target, changed)
      await insertStagedCredits(target, created, input.store)
      await insertStagedBlocks(target, credits.blocks.freshCount, input.store)
      await resolution?.()
      await upsertCoverage(target, coverage)
      // Real projects the export covers that Berkeley's series do not (its listings) are rated from their facts and
      // the records just written, by the same open rules as Berkeley's; a generated catalogue keeps its own ratings.
      const real = coverage.flatMap((c) => (generatedIds.has(c.project_id) ? [] : [c.project_id]))
      const rated = await rateRegistryListings(trx, real, asOf)
      // Berkeley's projects whose status the listing changed are rated again on it, their other signals as they were.
      const restated = await rerateChangedStatuses(trx, real, asOf)
      // And those whose records carry a label they did not read, rated whole on it.
      const relabelled = await rerateChangedLabels(trx, real, asOf)
      const ratedNow = new Set([...rated.projectIds, ...restated, ...relabelled])
      await upsertCoverage(target, [...ratedNow].map((id) => ({ project_id: id, source_id: ratingsSource, last_success_at: asOfText })))
    },
    async afterCommit(db) {
      if (created + updated > 0) await tidyCredits({ db, dataset })
    },
    discard: (db) => dropRunStaging({ db, dataset }),
  }
}

/** Drops what a run staged while it read, its new records and their blocks, when it ends without applying them. */
export async function dropRunStaging(target: ImportTarget) {
  await dropCreditStaging(target)
  await dropBlockStaging(target)
}

/** The counts with what the files gave beside what the run counted (`counts_by_kind.read`). */
const withRowsRead = (counts: RunCounts, read: NonNullable<RunCounts['byKind']['read']>): RunCounts => ({ ...counts, byKind: { ...counts.byKind, read } })

/** New listings a generated catalogue cannot take: read, counted, and said to be skipped rather than silently dropped. */
function waitingListings(listings: readonly FiledListing[]): RunSkippedRow[] {
  return listings.map((listing) => ({
    row: listing.row,
    file: listing.file,
    reason: `${listing.key} is a new listing; the catalogue is generated, and real projects join it once Berkeley's file is imported`,
  }))
}
