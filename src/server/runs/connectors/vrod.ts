import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { parseLimitsOf, runParseJob } from '../parse/run-parse-job'
import { planVrodImport } from '../vrod-import'
import { uploadedFileOf } from '../uploaded-file'
import type { ProgressUnit } from '../../../api/contract/sources'
import { endpointName, endpoints } from '../../../api/endpoints'

/** Berkeley's file is a table of projects: a run's progress counts them. */
const counted: ProgressUnit[] = ['projects']

/** The bytes to import: the run's uploaded file, or else the file CREDENCE_VROD_FILE names. */
async function fileOf(context: ConnectorContext): Promise<{ bytes: Uint8Array; name: string; fallbackDate: Date }> {
  const upload = await uploadedFileOf(context)
  if (upload) return { bytes: upload.bytes, name: upload.name, fallbackDate: upload.createdAt }
  const path = context.env.vrodFile
  if (!path || !existsSync(path)) {
    throw new ConnectorError(
      'source_unavailable',
      `No VROD file to read: upload Berkeley's file (${endpointName(endpoints.uploadFile)}, then a run with its file_id), or set CREDENCE_VROD_FILE.`,
    )
  }
  return { bytes: await readFile(path), name: basename(path), fallbackDate: (await stat(path)).mtime }
}

/**
 * Imports Berkeley's real projects, by registry key, from its workbook, the republished parquet or a CSV
 * export. A file that is not Berkeley's projects table fails the run with what was wrong, and nothing changes.
 */
export const vrodConnector: Connector = async (context) => {
  await context.progress(0, null, counted)
  const file = await fileOf(context)
  // Reading, normalising and rating run in the parsing worker: a hostile or huge file costs that thread, not the API's.
  // The bytes are copied once into a buffer of their own, which is then moved to the worker, not cloned.
  const bytes = file.bytes.slice().buffer as ArrayBuffer
  const { env } = context
  const { asOf, asOfBasis, rated } = await runParseJob(
    'vrod',
    {
      bytes,
      name: file.name,
      requestedAsOf: context.requestedAsOf,
      fallbackDate: file.fallbackDate,
      projectKeys: context.projectKeys,
      limits: { maxRows: env.CREDENCE_IMPORT_MAX_ROWS, maxCellChars: env.CREDENCE_IMPORT_MAX_CELL_CHARS },
    },
    {
      fileName: file.name,
      transfer: [bytes],
      limits: parseLimitsOf(env),
      onProgress: (rated, total) => context.progress(rated, total, counted),
    },
  )
  // A file whose rows are mostly unreadable is not this format with a few bad rows: it is not this format.
  if (rated.readable === 0 || rated.readable < rated.skipped.length) {
    const why = rated.skipped[0] ? ` (row ${rated.skipped[0].row}: ${rated.skipped[0].reason})` : ''
    throw new ConnectorError('file_not_vrod', `${file.name} holds no project Credence can import${why}; nothing was changed.`)
  }
  const plan = await planVrodImport(context.db, context.dataset, {
    rated,
    asOf,
    sourceId: context.source.id,
  })
  await context.progress(plan.processed, plan.processed, counted)
  return { ...plan, asOf, asOfBasis, skippedRows: rated.skipped.slice(0, 10).map(({ row, reason }) => ({ row, file: file.name, reason })) }
}
