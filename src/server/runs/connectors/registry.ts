import { availableParallelism } from 'node:os'
import { endpointName, endpoints } from '../../../api/endpoints'
import { resolveAsOf } from '../../importers/as-of'
import type { CreditRecord, RegistryListing, SkippedRow } from '../../importers/registry/credit-record'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { fingerprintOf } from '../credit-digest'
import { planRegistryImport, type ReadCredit } from '../registry-import'
import type { NewCreditSearchText } from '../../db/schema'
import { runParseJob } from '../parse/run-parse-job'
import { uploadedFilesOf, type RunFile } from '../uploaded-file'

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
 * Files of one export read at once, each in its own worker: one per core, two at most, so a run of a four-file
 * export reads in half the time on two cores while its memory stays within two workers' ceilings.
 */
const filesReadAtOnce = Math.max(1, Math.min(2, availableParallelism()))

/** Each item's answer, in the items' order, at most `width` of them under way at once; none is begun after one failed. */
async function inOrder<T, R>(items: readonly T[], width: number, answer: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length)
  let next = 0
  let failed = false
  const lane = async () => {
    while (next < items.length && !failed) {
      const index = next++
      try {
        answers[index] = await answer(items[index])
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
  return answers
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
  const byId = new Map<string, ReadCredit>()
  const listings: RegistryListing[] = []
  const readRecords: ReadCredit[] = []
  const searchTexts = new Map<string, NewCreditSearchText>()
  const skipped: SkippedRow[] = []
  const names: string[] = []
  let newestUpload = new Date(0)
  const reads = await inOrder([...Array(upload.count).keys()], filesReadAtOnce, async (index) => {
    const file = await upload.read(index)
    const read = await readFile(context, file, context.progress)
    return { file: { name: file.name, createdAt: file.createdAt }, read }
  })
  for (const { file, read } of reads) {
    names.push(file.name)
    if (file.createdAt > newestUpload) newestUpload = file.createdAt
    read.records.forEach((record, i) => readRecords.push({ record, file: file.name, fingerprint: read.fingerprints[i], searchId: read.searchIds[i] }))
    for (const text of read.searchTexts) searchTexts.set(text.id, text)
    listings.push(...read.listings.filter((listing) => inRun(listing.key)))
    skipped.push(...read.skipped.map((row) => (upload.count > 1 ? { row: row.row, reason: `${file.name}: ${row.reason}` } : row)))
  }
  // Isometric's credit files name a project by its own id: the projects file of the same run says which key it is.
  const keyOfRegistryId = new Map(listings.flatMap((listing) => (listing.registryId ? [[listing.registryId, listing.key] as const] : [])))
  for (const entry of readRecords) {
    const { record, file } = entry
    if (record.project_key.startsWith('@')) {
      const key = keyOfRegistryId.get(record.project_key.slice(1))
      if (!key) {
        skipped.push({ row: record.row, reason: `${upload.count > 1 ? `${file}: ` : ''}project ${record.project_key.slice(1)} is not in this run's projects file; import the projects file with it` })
        continue
      }
      record.project_key = key
      // Its fingerprint says what the record says once resolved, as a record naming its project by key does.
      entry.fingerprint = fingerprintOf(record)
    }
    // A record in two files of one run (the same export given twice) is one record.
    if (inRun(record.project_key)) byId.set(record.id, entry)
  }
  if (byId.size === 0 && listings.length === 0 && skipped.length > 0) {
    throw new ConnectorError('file_not_registry_export', `Nothing in ${names.join(', ')} could be imported (row ${skipped[0].row}: ${skipped[0].reason}); nothing was changed.`)
  }
  const newest = newestDay([...byId.values()].map((entry) => entry.record))
  const { asOf } = resolveAsOf({ requested: context.requestedAsOf, fileName: names.join(' '), contentAsOf: newest, fallback: newestUpload })
  const plan = await planRegistryImport(context.db, context.dataset, {
    records: [...byId.values()],
    searchTexts: [...searchTexts.values()],
    listings,
    skipped,
    asOf,
    origin: { sourceId: context.source.id, runId: context.runId },
    store: context.env.DATABASE_URL ? 'postgresql' : 'pglite',
  })
  await context.progress(plan.processed, plan.processed)
  return plan
}
