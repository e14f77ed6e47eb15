import { ConnectorError, type ConnectorContext } from './connector'

/** The run's uploaded file, or a failure that says why it is gone; null when the run names no file. */
export async function uploadedFileOf(context: ConnectorContext): Promise<{ bytes: Uint8Array; name: string; createdAt: Date } | null> {
  if (!context.fileId) return null
  const file = await context.files.read(context.dataset, context.fileId)
  if (!file) {
    throw new ConnectorError(
      'file_not_found',
      context.dataset === 'sandbox'
        ? `The sandbox upload ${context.fileId} is gone: sandbox uploads are held for an hour at most, by the API process that received them, and a restart forgets them; upload it again.`
        : `The uploaded file ${context.fileId} is gone; upload it again.`,
    )
  }
  return { bytes: file.bytes, name: file.name, createdAt: file.createdAt }
}
