import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { readUploadedFile } from '../../files/uploaded-files'
import { resolveAsOf } from '../../importers/as-of'
import { normaliseVrodRows } from '../../importers/vrod-normalise'
import { readVrodBytes, VrodFileError } from '../../importers/vrod-read'
import { ConnectorError, type Connector, type ConnectorContext } from '../connector'
import { planVrodImport } from '../vrod-import'
import { breathe } from '../write'

/** The bytes to import: the run's uploaded file, or else the file CREDENCE_VROD_FILE names. */
async function fileOf(context: ConnectorContext): Promise<{ bytes: Uint8Array; name: string; fallbackDate: Date }> {
  if (context.fileId) {
    const file = await readUploadedFile(context.db, context.fileId)
    if (!file) throw new ConnectorError('file_not_found', `The uploaded file ${context.fileId} is gone; upload it again.`)
    return { bytes: file.bytes, name: file.name, fallbackDate: file.createdAt }
  }
  const path = context.env.vrodFile
  if (!path || !existsSync(path)) {
    throw new ConnectorError(
      'source_unavailable',
      'No VROD file to read: upload Berkeley\'s file (POST /api/files, then a run with its file_id), or set CREDENCE_VROD_FILE.',
    )
  }
  return { bytes: await readFile(path), name: basename(path), fallbackDate: (await stat(path)).mtime }
}

/**
 * Imports Berkeley's real projects, by registry key, from its workbook, the republished parquet or a CSV
 * export. A file that is not Berkeley's projects table fails the run with what was wrong, and nothing changes.
 */
export const vrodConnector: Connector = async (context) => {
  await context.progress(0, null)
  const file = await fileOf(context)
  const read = await readVrodBytes(file.bytes, file.name).catch((error: Error) => {
    if (error instanceof VrodFileError) throw new ConnectorError('file_not_vrod', `${file.name}: ${error.message}.`)
    throw new ConnectorError('source_unreadable', `${file.name} could not be read: ${error.message}`)
  })
  const { asOf } = resolveAsOf({ requested: context.requestedAsOf, fileName: file.name, contentAsOf: read.contentAsOf, fallback: file.fallbackDate })
  await breathe()
  const projects = normaliseVrodRows(read.rows, asOf)
  await breathe()
  if (projects.projects.length === 0) {
    const why = projects.skipped[0] ? ` (row ${projects.skipped[0].row}: ${projects.skipped[0].reason})` : ''
    throw new ConnectorError('file_not_vrod', `${file.name} holds no project Credence can import${why}; nothing was changed.`)
  }
  const plan = await planVrodImport(context.db, context.dataset, {
    read: projects,
    asOf,
    sourceId: context.source.id,
    projectKeys: context.projectKeys,
    rng: context.rng,
    progress: context.progress,
  })
  await context.progress(plan.processed, plan.processed)
  return { ...plan, asOf }
}
