import { createHash } from 'node:crypto'
import { endpointName, endpoints } from '../../../api/endpoints'
import { resolveAsOf } from '../../importers/as-of'
import type { CreditRecord, RegistryListing, SkippedRow } from '../../importers/registry/credit-record'
import { creditFingerprints, upsertCredits } from '../../db/queries/credits'
import { projectFactsByKey, upsertCoverage } from '../../db/queries/imports'
import type { NewCoverage, NewCredit } from '../../db/schema'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { runParseJob } from '../parse/run-parse-job'
import { uploadedFileOf } from '../uploaded-file'

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

/**
 * Imports one file of a registry's public export (projects, issuances, retirements, cancellations; Verra's
 * transactions), recognised by its header. Every record is stored once by its identity, however often it is
 * imported; the projects it names that the catalogue holds are covered by this source as of the export's date.
 * A file of another registry or of no known format fails the run, naming what was expected, and changes nothing.
 */
export const registryConnector: Connector = async (context) => {
  await context.progress(0, null)
  const file = await uploadedFileOf(context)
  if (!file) {
    throw new ConnectorError(
      'source_unavailable',
      `${context.source.name} publishes its data as export files: upload one (${endpointName(endpoints.uploadFile)}), then start a run with its file_id.`,
    )
  }
  const { env } = context
  const bytes = file.bytes.slice().buffer as ArrayBuffer
  const read = await runParseJob(
    'registry',
    { bytes, name: file.name, connector: context.source.connector, limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS } },
    {
      fileName: file.name,
      transfer: [bytes],
      limits: { memoryMib: env.CREDENCE_IMPORT_WORKER_MIB, timeoutS: env.CREDENCE_IMPORT_TIMEOUT_S },
      onProgress: context.progress,
    },
  )
  const wanted = context.projectKeys ? new Set(context.projectKeys) : null
  const inRun = (key: string) => wanted === null || wanted.has(key.toUpperCase())
  const records = read.records.filter((r) => inRun(r.project_key))
  const listings = read.listings.filter((l) => inRun(l.key))
  const readable = read.records.length + read.listings.length
  // A file whose rows are mostly unreadable is not this format with a few bad rows: it is not this format.
  if (readable === 0 || readable < read.skipped.length) {
    const why = read.skipped[0] ? ` (row ${read.skipped[0].row}: ${read.skipped[0].reason})` : ''
    throw new ConnectorError('file_not_registry_export', `${file.name} holds no record Credence can import${why}; nothing was changed.`)
  }
  const { asOf } = resolveAsOf({ requested: context.requestedAsOf, fileName: file.name, contentAsOf: newestDay(records), fallback: file.createdAt })

  const rows = records.map((record) => toNewCredit(record, context, file.name))
  const stored = await creditFingerprints(context.db, rows.map((r) => r.id))
  let created = 0
  let updated = 0
  for (const row of rows) {
    const before = stored.get(row.id)
    if (before === undefined) created++
    else if (before !== row.fingerprint) updated++
  }
  const projects = new Map((await projectFactsByKey(context.db)).map((p) => [p.key.toUpperCase(), p.id]))
  const covered = new Set([...records.map((r) => r.project_key), ...listings.map((l) => l.key)].map((k) => k.toUpperCase()))
  const asOfText = asOf.toISOString()
  const coverage: NewCoverage[] = [...covered].flatMap((key) => {
    const id = projects.get(key)
    return id ? [{ project_id: id, source_id: context.source.id, last_success_at: asOfText }] : []
  })
  const skippedRows: SkippedRow[] = [...read.skipped, ...newListings(listings, projects)]
  await context.progress(rows.length + listings.length, rows.length + listings.length)
  return {
    processed: rows.length + listings.length,
    counts: { created, updated, unchanged: rows.length - created - updated + (listings.length - (skippedRows.length - read.skipped.length)), skipped: skippedRows.length },
    asOf,
    skippedRows: skippedRows.slice(0, 10),
    async apply(trx) {
      const target = { db: trx, dataset: context.dataset }
      await upsertCredits(target, rows)
      await upsertCoverage(target, coverage)
    },
  }
}

/** Listings of projects the catalogue does not hold yet: read, counted, and said to be skipped rather than silently dropped. */
function newListings(listings: readonly RegistryListing[], projects: ReadonlyMap<string, string>): SkippedRow[] {
  return listings
    .filter((listing) => !projects.has(listing.key.toUpperCase()))
    .map((listing) => ({ row: listing.row, reason: `${listing.key} is a new listing; projects Berkeley's release lacks are not created from a registry's list yet` }))
}
