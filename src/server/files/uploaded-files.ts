import { fileContent } from '../db/queries/files'
import type { ScopedDb } from '../db/queries/scoped'

/** An uploaded file's bytes, as a run reads them. */
export interface UploadedFileContent {
  name: string
  bytes: Uint8Array
  createdAt: Date
}

/** The bytes of an upload a run imports, or null when it is gone. Runs read uploads through here alone. */
export async function readUploadedFile(db: ScopedDb, fileId: string): Promise<UploadedFileContent | null> {
  const file = await fileContent(db, fileId)
  return file ? { name: file.name, bytes: file.content, createdAt: new Date(file.created_at) } : null
}

/** Called when a run that read an upload has ended, whatever its outcome. */
export async function releaseUploadedFile(_db: ScopedDb, _fileId: string): Promise<void> {}
