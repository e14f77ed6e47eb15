import { createHash } from 'node:crypto'
import { endpointName, endpoints } from '../../../api/endpoints'
import { resolveAsOf } from '../../importers/as-of'
import type { CreditRecord, RegistryListing, SkippedRow } from '../../importers/registry/credit-record'
import { creditFingerprints, upsertCredits } from '../../db/queries/credits'
import { projectFactsByKey, upsertCoverage, upsertImportedProjects } from '../../db/queries/imports'
import { jsonChunks } from '../../db/queries/json-chunks'
import { projectsFromListings } from '../registry-listings'
import type { NewCoverage, NewCredit } from '../../db/schema'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { runParseJob } from '../parse/run-parse-job'
import { uploadedFilesOf, type RunFile } from '../uploaded-file'

/** What a record says, hashed: a record imported again with the same content is unchanged. */
const fingerprintOf = (record: CreditRecord) => {
  const { row: _row, ...content } = record
  return createHash('sha1').update(JSON.stringify(content)).digest('base64url')
}

function toNewCredit(record: CreditRecord, context: ConnectorContext, fileName: string): NewCredit {
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
    search: [record.beneficiary ?? '', ...Object.values(record.beneficiary_raw)].join(' | ').toLowerCase(),
    fingerprint: fingerprintOf(record),
    source_id: context.source.id,
    file_name: fileName,
    row_number: record.row,
    run_id: context.runId,
  }
}

/** The newest day a file's records carry: the export's own as-of date, when the run does not state one. */
function newestDay(records: readonly CreditRecord[]): Date | null {
  let newest: string | null = null
  for (const record of records) if (record.date && (newest === null || record.date > newest)) newest = record.date
  return newest === null ? null : new Date(`${newest}T00:00:00Z`)
}

/** One file of the run, read in the parsing worker. */
async function readFile(context: ConnectorContext, file: RunFile, onProgress: (processed: number, total: number) => Promise<void>) {
  const { env } = context
  const bytes = file.bytes.slice().buffer as ArrayBuffer
  const read = await runParseJob(
    'registry',
    { bytes, name: file.name, connector: context.source.connector, limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS } },
    {
      fileName: file.name,
      transfer: [bytes],
      limits: { memoryMib: env.CREDENCE_IMPORT_WORKER_MIB, timeoutS: env.CREDENCE_IMPORT_TIMEOUT_S },
      onProgress,
    },
  )
  const readable = read.records.length + read.listings.length
  // A file whose rows are mostly unreadable is not this format with a few bad rows: it is not this format.
  if (readable === 0 || readable < read.skipped.length) {
    const why = read.skipped[0] ? ` (row ${read.skipped[0].row}: ${read.skipped[0].reason})` : ''
    throw new ConnectorError('file_not_registry_export', `${file.name} holds no record Credence can import${why}; nothing was changed.`)
  }
  return read
}

/**
 * Imports a registry's public export: one or several of its files (projects, issuances, retirements,
 * cancellations; Verra's transactions) in one run, each recognised by its header and applied together or not at
 * all. Every record is stored once by its identity, however often it is imported; the projects the files name
 * that the catalogue holds are covered by this source as of the export's date, and new listings become projects.
 * A file of another registry or of no known format fails the run, naming what was expected, and changes nothing.
 */
export const registryConnector: Connector = async (context) => {
  await context.progress(0, null)
  const upload = uploadedFilesOf(context)
  if (upload.count === 0) {
    throw new ConnectorError(
      'source_unavailable',
      `${context.source.name} publishes its data as export files: upload them (${endpointName(endpoints.uploadFile)}), then start a run with their file_ids.`,
    )
  }
  const wanted = context.projectKeys ? new Set(context.projectKeys) : null
  const inRun = (key: string) => wanted === null || wanted.has(key.toUpperCase())
  const byId = new Map<string, { record: CreditRecord; file: string }>()
  const listings: RegistryListing[] = []
  const readRecords: { record: CreditRecord; file: string }[] = []
  const skipped: SkippedRow[] = []
  const names: string[] = []
  let newestUpload = new Date(0)
  for (let index = 0; index < upload.count; index++) {
    const file = await upload.read(index)
    names.push(file.name)
    if (file.createdAt > newestUpload) newestUpload = file.createdAt
    const read = await readFile(context, file, context.progress)
    for (const record of read.records) readRecords.push({ record, file: file.name })
    listings.push(...read.listings.filter((listing) => inRun(listing.key)))
    skipped.push(...read.skipped.map((row) => (upload.count > 1 ? { row: row.row, reason: `${file.name}: ${row.reason}` } : row)))
  }
  // Isometric's credit files name a project by its own id: the projects file of the same run says which key it is.
  const keyOfRegistryId = new Map(listings.flatMap((listing) => (listing.registryId ? [[listing.registryId, listing.key] as const] : [])))
  for (const { record, file } of readRecords) {
    if (record.project_key.startsWith('@')) {
      const key = keyOfRegistryId.get(record.project_key.slice(1))
      if (!key) {
        skipped.push({ row: record.row, reason: `${upload.count > 1 ? `${file}: ` : ''}project ${record.project_key.slice(1)} is not in this run's projects file; import the projects file with it` })
        continue
      }
      record.project_key = key
    }
    // A record in two files of one run (the same export given twice) is one record.
    if (inRun(record.project_key)) byId.set(record.id, { record, file })
  }
  if (byId.size === 0 && listings.length === 0 && skipped.length > 0) {
    throw new ConnectorError('file_not_registry_export', `Nothing in ${names.join(', ')} could be imported (row ${skipped[0].row}: ${skipped[0].reason}); nothing was changed.`)
  }
  const records = [...byId.values()].map((entry) => entry.record)
  const { asOf } = resolveAsOf({ requested: context.requestedAsOf, fileName: names.join(' '), contentAsOf: newestDay(records), fallback: newestUpload })
  const rows = [...byId.values()].map(({ record, file }) => toNewCredit(record, context, file))
  const stored = await creditFingerprints(context.db, rows.map((r) => r.id))
  let created = 0
  let updated = 0
  for (const row of rows) {
    const before = stored.get(row.id)
    if (before === undefined) created++
    else if (before !== row.fingerprint) updated++
  }
  const facts = await projectFactsByKey(context.db)
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
    return id ? [{ project_id: id, source_id: context.source.id, last_success_at: asOfText }] : []
  })
  const skippedRows: SkippedRow[] = [...skipped, ...(generated ? waitingListings(unlisted) : [])]
  await context.progress(rows.length + listings.length, rows.length + listings.length)
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
      const target = { db: trx, dataset: context.dataset }
      if (listed.length > 0) await upsertImportedProjects(target, jsonChunks(listed))
      await upsertCredits(target, rows)
      await upsertCoverage(target, coverage)
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
