import { ConnectorError, type ConnectorContext } from './connector'

export interface RunFile {
  bytes: Uint8Array
  name: string
  createdAt: Date
}

/** The run's uploaded file, or a failure that says why it is gone; null when the run names no file. */
export async function uploadedFileOf(context: ConnectorContext): Promise<RunFile | null> {
  return context.fileId ? readUpload(context, context.fileId) : null
}

/** Every file the run imports, in the order given, read one at a time as the connector asks for it. */
export function uploadedFilesOf(context: ConnectorContext): { count: number; read: (index: number) => Promise<RunFile> } {
  return { count: context.fileIds.length, read: (index) => readUpload(context, context.fileIds[index]) }
}

async function readUpload(context: ConnectorContext, fileId: string): Promise<RunFile> {
  const file = await context.files.read(context.dataset, fileId)
  if (!file) {
    throw new ConnectorError(
      'file_not_found',
      context.dataset === 'sandbox'
        ? `The sandbox upload ${fileId} is gone: sandbox uploads are held for an hour at most, by the API process that received them, and a restart forgets them; upload it again.`
        : `The uploaded file ${fileId} is gone; upload it again.`,
    )
  }
  return { bytes: file.bytes, name: file.name, createdAt: file.createdAt }
}
