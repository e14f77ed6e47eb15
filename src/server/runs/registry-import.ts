import type { CreditRecord, RegistryListing, SkippedRow } from '../importers/registry/credit-record'
import { creditColumns, creditFingerprints, insertSearchTexts, tidyCredits, upsertCredits } from '../db/queries/credits'
import { projectFactsByKey, upsertCoverage, upsertImportedProjects } from '../db/queries/imports'
import { jsonChunks } from '../db/queries/json-chunks'
import { copyNewRows } from '../db/queries/copy-rows'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewCoverage, NewCredit, NewCreditSearchText } from '../db/schema'
import type { RunPlan } from './connector'
import { projectsFromListings } from './registry-listings'

/** Where the records a run writes came from. */
export interface CreditOrigin {
  sourceId: string
  runId: string
}

/** A record as read, with the file it came from and the digests its parsing worker worked out (credit-digest.ts). */
export interface ReadCredit {
  record: CreditRecord
  file: string
  fingerprint: string
  searchId: string
}

export interface RegistryImport {
  /** The records to write, their project keys resolved. */
  records: readonly ReadCredit[]
  /** The search texts the records point at, each once. */
  searchTexts: readonly NewCreditSearchText[]
  listings: readonly RegistryListing[]
  /** Rows the files could not give, with why. */
  skipped: readonly SkippedRow[]
  asOf: Date
  origin: CreditOrigin
  /** Which store the records go to: new ones are written by COPY on both, straight in on the embedded one. */
  store: 'pglite' | 'postgresql'
}

function toNewCredit({ record, file, fingerprint, searchId }: ReadCredit, origin: CreditOrigin): NewCredit {
  return {
    id: record.id,
    registry: record.registry,
    project_key: record.project_key,
    kind: record.kind,
    quantity: record.quantity,
    vintage: record.vintage,
    date: record.date,
    serial: record.serial,
    labels: record.labels,
    beneficiary: record.beneficiary,
    beneficiary_raw: record.beneficiary_raw,
    reason: record.reason,
    search_id: searchId,
    fingerprint,
    source_id: origin.sourceId,
    file_name: file,
    row_number: record.row,
    run_id: origin.runId,
  }
}

/**
 * Plans an import of a registry's records and listings into a dataset: each record written once by its identity
 * (new, changed or unchanged, counted so), new listings made projects unless the catalogue is generated, and
 * every project the export names that the catalogue holds covered by the registry's source as of the export's
 * date.
 */
export async function planRegistryImport(db: ScopedDb, dataset: Dataset, input: RegistryImport): Promise<RunPlan> {
  const { listings, skipped, asOf, origin } = input
  const records = input.records.map((entry) => entry.record)
  const rows = input.records.map((entry) => toNewCredit(entry, origin))
  // Only the texts of records this run keeps: one left out of the run (another project, an unresolved one) adds none.
  const kept = new Set(rows.map((row) => row.search_id))
  const searchTexts = input.searchTexts.filter((text) => kept.has(text.id))
  const stored = await creditFingerprints(db, rows.map((r) => r.id))
  // Only what is new or says something new is written; the rest is counted unchanged.
  const fresh: NewCredit[] = []
  const changed: NewCredit[] = []
  for (const row of rows) {
    const before = stored.get(row.id)
    if (before === undefined) fresh.push(row)
    else if (before !== row.fingerprint) changed.push(row)
  }
  const created = fresh.length
  const updated = changed.length
  const facts = await projectFactsByKey(db)
  const projects = new Map(facts.map((p) => [p.key.toUpperCase(), p.id]))
  // A generated catalogue is never mixed with real projects: new listings wait for Berkeley's file to be imported.
  const generated = facts.some((p) => p.synthetic)
  const regionByCountry = new Map(facts.filter((p) => !p.synthetic && p.region !== 'Unknown').map((p) => [p.country.toLowerCase(), p.region]))
  const unlisted = listings.filter((listing) => !projects.has(listing.key.toUpperCase()))
  const listed = generated ? [] : projectsFromListings(unlisted, regionByCountry, asOf)
  for (const project of listed) projects.set(project.key.toUpperCase(), project.id!)
  const covered = new Set([...records.map((r) => r.project_key), ...listings.map((l) => l.key)].map((k) => k.toUpperCase()))
  const asOfText = asOf.toISOString()
  const coverage: NewCoverage[] = [...covered].flatMap((key) => {
    const id = projects.get(key)
    return id ? [{ project_id: id, source_id: origin.sourceId, last_success_at: asOfText }] : []
  })
  const skippedRows: SkippedRow[] = [...skipped, ...(generated ? waitingListings(unlisted) : [])]
  return {
    processed: rows.length + listings.length,
    counts: {
      created: created + listed.length,
      updated,
      unchanged: rows.length - created - updated + (listings.length - unlisted.length),
      skipped: skippedRows.length,
    },
    asOf,
    skippedRows: skippedRows.slice(0, 10),
    async apply(trx) {
      const target = { db: trx, dataset }
      if (listed.length > 0) await upsertImportedProjects(target, jsonChunks(listed))
      await insertSearchTexts(target, searchTexts)
      await upsertCredits(target, changed)
      await copyNewRows(target, 'credits', creditColumns, fresh, input.store)
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
