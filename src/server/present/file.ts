import type { UploadedFile } from '../../api/contract/files'
import type { UploadedFileDescription } from '../files/uploaded-files'

/** An uploaded file as the contract shapes it: what it is called, its size and digest, and when it came. */
export const toFile = (file: UploadedFileDescription): UploadedFile => ({
  object: 'file',
  id: file.id,
  name: file.name,
  bytes: file.bytes,
  sha256: file.sha256,
  created_at: file.created_at.toISOString(),
})
