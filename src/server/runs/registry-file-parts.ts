import { isUtf8 } from 'node:buffer'
import type { RegistryCode } from '../../api/contract/common'
import { csvSlices, type CsvSlice } from '../importers/csv-slices'
import { checkRows, type ImportLimits } from '../importers/limits'
import { isZip } from '../importers/zip-limits'
import { ConnectorError, type ConnectorContext } from './connector'
import { packedCount } from '../importers/digest/packed-texts'
import { refusalOf, type ParseJobs } from './parse/jobs'
import { parseLimitsOf, runParseJob } from './parse/run-parse-job'
import type { RunFile } from './uploaded-file'

/** A run's file as its reads name it. */
export interface FileNote {
  name: string
  createdAt: Date
  /** The file's place among the run's files. */
  index: number
}

/** What a registry run reads, in order: each file whole, or its slices one by one and then the end of them. */
export type RegistryFilePart = { file: FileNote } & ({ whole: RunFile } | { slice: CsvSlice } | { end: true })

/** What the parsing worker answers for a file or a slice of it. */
export type RegistryFileRead = ParseJobs['registry']['output']

/** A part as read: a file or a slice with what the worker answered, or the end of a file's slices. */
export type RegistryPartRead = { file: FileNote } & ({ read: RegistryFileRead; rows: number | null } | { end: true })

/**
 * The parts of the run's files, cut as they are asked for. A CSV file larger than a slice (`sliceBytes`) is read in
 * slices, so that no worker holds more than a slice's rows and records; a workbook, whose rows are only reached by
 * inflating it whole, and a file within one slice are read whole, as they always were. The row limit is the whole
 * file's: a slice ending past it refuses the file before it is read, in the words the file read whole is refused
 * with. A file with several faults may be refused for another of them than when read whole (a header of no export
 * found in its first slice before a bad quote further on, or before the row limit).
 */
export async function* registryFileParts(upload: { count: number; read: (index: number) => Promise<RunFile> }, sliceBytes: number, limits: ImportLimits): AsyncGenerator<RegistryFilePart> {
  for (let index = 0; index < upload.count; index++) {
    const whole = await upload.read(index)
    const file = { name: whole.name, createdAt: whole.createdAt, index }
    // Text that is not UTF-8 is read whole too, so it is refused as it always was (a check of a few milliseconds).
    if (isZip(whole.bytes) || whole.bytes.length <= sliceBytes || !isUtf8(whole.bytes)) {
      yield { file, whole }
      continue
    }
    for (const slice of csvSlices(whole.bytes, sliceBytes)) {
      withinRowLimit(slice.firstRow + slice.rows - 1, limits, file.name)
      yield { file, slice }
    }
    yield { file, end: true }
  }
}

/** Refuses a file whose rows pass the row limit, in the words the file read whole is refused with. */
function withinRowLimit(rows: number, limits: ImportLimits, name: string) {
  try {
    checkRows(Math.min(rows, limits.maxRows + 1), limits, name)
  } catch (error) {
    const refusal = refusalOf(error, name)
    throw refusal ? new ConnectorError(refusal.code, refusal.message) : error
  }
}

/** A file whose rows are mostly unreadable is not this format with a few bad rows: it is not this format. */
export const readsAsExport = (readable: number, skipped: number) => readable > 0 && readable >= skipped

/** Reads a part in the parsing worker: a file whole, as it always was, or a slice of one. */
export async function readRegistryPart(context: ConnectorContext, registry: RegistryCode, part: RegistryFilePart): Promise<RegistryPartRead> {
  const { file } = part
  if ('end' in part) return { file, end: true }
  if ('slice' in part) {
    const { slice } = part
    return { file, read: await parse(context, registry, file.name, slice.bytes.buffer as ArrayBuffer, { firstRow: slice.firstRow }), rows: slice.rows }
  }
  // Moved to the worker, not copied, when the bytes are a buffer of their own (as a read upload's are).
  const { bytes } = part.whole
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
  const read = await parse(context, registry, file.name, own ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer))
  if (!readsAsExport(packedCount(read.ids) + read.listings.length, read.skipped.length)) throw notAnExport(file.name, read.skipped[0])
  return { file, read, rows: null }
}

function parse(context: ConnectorContext, registry: RegistryCode, name: string, bytes: ArrayBuffer, slice?: { firstRow: number }) {
  const { env } = context
  return runParseJob(
    'registry',
    {
      bytes,
      name,
      registry,
      limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS },
      origin: { sourceId: context.source.id, runId: context.runId },
      slice,
    },
    {
      fileName: name,
      transfer: [bytes],
      limits: parseLimitsOf(env),
      onProgress: (rows, total) => context.progress(rows, total, ['rows']),
    },
  )
}

/** A file whose rows are mostly unreadable is not this format with a few bad rows: it is not this format. */
export function notAnExport(name: string, firstSkipped: { row: number; reason: string } | undefined) {
  const why = firstSkipped ? ` (row ${firstSkipped.row}: ${firstSkipped.reason})` : ''
  return new ConnectorError('file_not_registry_export', `${name} holds no record Credence can import${why}; nothing was changed.`)
}
