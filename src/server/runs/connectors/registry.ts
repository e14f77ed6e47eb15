import { availableParallelism } from 'node:os'
import type { RegistryCode } from '../../../api/contract/common'
import type { ProgressUnit } from '../../../api/contract/sources'
import { endpointName, endpoints } from '../../../api/endpoints'
import { resolveAsOf } from '../../importers/as-of'
import type { RegistryRecord, RegistryListing, SkippedRow } from '../../importers/registry/registry-record'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { digestCredits } from '../credit-digest'
import { CreditIntake, planRegistryImport } from '../registry-import'
import { runParseJob } from '../parse/run-parse-job'
import { packedCount } from '../packed-texts'
import { uploadedFilesOf, type RunFile } from '../uploaded-file'

/** What a registry run processes: the export's listings, which are projects, and its credit records. */
const counted: ProgressUnit[] = ['projects', 'records']

/** One file of the run, read in the parsing worker. */
async function readFile(context: ConnectorContext, registry: RegistryCode, file: RunFile, onProgress: (processed: number, total: number) => Promise<void>) {
  const { env } = context
  // Moved to the worker, not copied, when the bytes are a buffer of their own (as a read upload's are).
  const whole = file.bytes.byteOffset === 0 && file.bytes.byteLength === file.bytes.buffer.byteLength && file.bytes.buffer instanceof ArrayBuffer
  const bytes = whole ? (file.bytes.buffer as ArrayBuffer) : (file.bytes.slice().buffer as ArrayBuffer)
  const read = await runParseJob(
    'registry',
    {
      bytes,
      name: file.name,
      registry,
      limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS },
      origin: { sourceId: context.source.id, runId: context.runId },
    },
    {
      fileName: file.name,
      transfer: [bytes],
      limits: { memoryMib: env.CREDENCE_IMPORT_WORKER_MIB, timeoutS: env.CREDENCE_IMPORT_TIMEOUT_S },
      onProgress,
    },
  )
  const readable = packedCount(read.ids) + read.listings.length
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

/**
 * Reads every item, at most `width` at once, and takes each read in the items' order as soon as it and those
 * before it are read, while later ones are still being read. None is begun after one failed.
 */
async function readAndTakeInOrder<R>(count: number, width: number, read: (index: number) => Promise<R>, take: (read: R, index: number) => Promise<void>) {
  const reads: (Promise<R> | undefined)[] = new Array(count)
  const arrived: ((value: R | PromiseLike<R>) => void)[] = []
  const failedAt: ((error: unknown) => void)[] = []
  for (let i = 0; i < count; i++) {
    reads[i] = new Promise<R>((resolve, reject) => ((arrived[i] = resolve), (failedAt[i] = reject)))
    // Awaited in turn below; a failure before its turn is reported by the lane that read it.
    reads[i]!.catch(() => {})
  }
  let next = 0
  let failed = false
  const lane = async () => {
    while (next < count && !failed) {
      const index = next++
      try {
        arrived[index](await read(index))
      } catch (error) {
        failed = true
        failedAt[index](error)
        throw error
      }
    }
  }
  const taking = (async () => {
    for (let i = 0; i < count; i++) {
      const value = await reads[i]!
      // Let go of each read once taken: a large export's files are not all held at once.
      reads[i] = undefined
      try {
        await take(value, i)
      } catch (error) {
        failed = true
        throw error
      }
    }
  })()
  await Promise.all([...Array.from({ length: Math.min(width, count) }, lane), taking])
}

/**
 * Imports a registry's public export: one or several of its files (projects, issuances, retirements,
 * cancellations; Verra's transactions) in one run, each recognised by its header and applied together or not at
 * all. Every record is stored once by its identity, however often it is imported; the projects the files name
 * that the catalogue holds are covered by this source as of the export's date, and new listings become projects.
 * A file of another registry or of no known format fails the run, naming what was expected, and changes nothing.
 */
export const registryConnector: Connector = async (context) => {
  const registry = context.source.registry
  if (registry === null) throw new ConnectorError('no_connector', `${context.source.name} is not a registry: its runs do not read a registry's export.`)
  await context.progress(0, null, counted)
  const upload = uploadedFilesOf(context)
  if (upload.count === 0) {
    throw new ConnectorError(
      'source_unavailable',
      `${context.source.name} publishes its data as export files: upload them (${endpointName(endpoints.uploadFile)}), then start a run with their file_ids.`,
    )
  }
  const wanted = context.projectKeys ? new Set(context.projectKeys) : null
  const inRun = (key: string) => wanted === null || wanted.has(key.toUpperCase())
  const credits = new CreditIntake(context.db, inRun)
  const listings: RegistryListing[] = []
  const unresolved: { file: string; records: RegistryRecord[] }[] = []
  const skipped: SkippedRow[] = []
  const names: string[] = []
  const inFile = (file: string, reason: string) => (upload.count > 1 ? `${file}: ${reason}` : reason)
  let newestUpload = new Date(0)
  await readAndTakeInOrder(
    upload.count,
    filesReadAtOnce,
    async (index) => {
      const file = await upload.read(index)
      return { file: { name: file.name, createdAt: file.createdAt }, read: await readFile(context, registry, file, (rows, total) => context.progress(rows, total, ['rows'])) }
    },
    async ({ file, read }) => {
      names.push(file.name)
      if (file.createdAt > newestUpload) newestUpload = file.createdAt
      listings.push(...read.listings.filter((listing) => inRun(listing.key)))
      skipped.push(...read.skipped.map((row) => ({ row: row.row, reason: inFile(file.name, row.reason) })))
      if (read.unresolved.length > 0) unresolved.push({ file: file.name, records: read.unresolved })
      const overlapping = await credits.take(read)
      skipped.push(...overlapping.map((row) => ({ row: row.row, reason: inFile(file.name, row.reason) })))
    },
  )
  // Isometric's credit files name a project by its own id: the projects file of the same run says which key it is.
  const keyOfRegistryId = new Map(listings.flatMap((listing) => (listing.registryId ? [[listing.registryId, listing.key] as const] : [])))
  for (const { file, records } of unresolved) {
    const named = records.flatMap((record) => {
      const key = keyOfRegistryId.get(record.project_key.slice(1))
      if (key) return [{ ...record, project_key: key }]
      skipped.push({ row: record.row, reason: inFile(file, `project ${record.project_key.slice(1)} is not in this run's projects file; import the projects file with it`) })
      return []
    })
    // Digested once resolved: a record's fingerprint says what it says with its project's key, as any other's does.
    const overlapping = await credits.take(digestCredits(named, { sourceId: context.source.id, runId: context.runId, fileName: file }))
    skipped.push(...overlapping.map((row) => ({ row: row.row, reason: inFile(file, row.reason) })))
  }
  if (credits.count === 0 && listings.length === 0 && skipped.length > 0) {
    throw new ConnectorError('file_not_registry_export', `Nothing in ${names.join(', ')} could be imported (row ${skipped[0].row}: ${skipped[0].reason}); nothing was changed.`)
  }
  const newest = credits.newest === null ? null : new Date(`${credits.newest}T00:00:00Z`)
  const { asOf } = resolveAsOf({ requested: context.requestedAsOf, fileName: names.join(' '), contentAsOf: newest, fallback: newestUpload, now: context.now })
  const plan = await planRegistryImport(context.db, context.dataset, {
    credits,
    listings,
    skipped,
    asOf,
    sourceId: context.source.id,
    store: context.env.DATABASE_URL ? 'postgresql' : 'pglite',
  })
  await context.progress(plan.processed, plan.processed, counted)
  return plan
}
