import type { Insertable } from 'kysely'
import type { FileTable } from '../schema'
import type { ScopedDb } from './scoped'

const described = ['id', 'name', 'bytes', 'sha256', 'created_at', 'credential'] as const

export async function insertFile(db: ScopedDb, file: Insertable<FileTable>) {
  return db.insertInto('files').values(file).returning(described).executeTakeFirstOrThrow()
}

/** A file's description, without its bytes. */
export async function findFile(db: ScopedDb, id: string) {
  return db.selectFrom('files').select(described).where('id', '=', id).executeTakeFirst()
}

/** The bytes an upload stored before uploads were streamed kept in its row, or null. */
export async function legacyFileContent(db: ScopedDb, id: string) {
  const row = await db.selectFrom('files').select('content').where('id', '=', id).executeTakeFirst()
  return row?.content ?? null
}

export async function insertFileChunk(db: ScopedDb, fileId: string, seq: number, content: Uint8Array) {
  await db.insertInto('file_chunks').values({ file_id: fileId, seq, content }).execute()
}

export async function fileChunks(db: ScopedDb, fileId: string) {
  return (await db.selectFrom('file_chunks').select('content').where('file_id', '=', fileId).orderBy('seq').execute()).map((r) => r.content)
}

export async function deleteFileChunks(db: ScopedDb, fileId: string) {
  await db.deleteFrom('file_chunks').where('file_id', '=', fileId).execute()
}
