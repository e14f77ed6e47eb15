import { sql, type Insertable } from 'kysely'
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

/** Removes an upload's description (its bytes, if in this table from before 009, with it). */
export async function deleteFile(db: ScopedDb, id: string) {
  await db.deleteFrom('files').where('id', '=', id).execute()
}

/**
 * Removes, in one statement, the descriptions of uploads nobody needs: stored before `unusedSince`, named by no run
 * that is queued or running, nor by one created or ended since. Returns their ids, for their bytes to be removed.
 * A run keeps its own record of each file (`source_runs.files`: name, size, digest), so it still says what it read.
 */
export async function deleteFilesUnusedSince(db: ScopedDb, unusedSince: Date) {
  const rows = await db
    .deleteFrom('files')
    .where('created_at', '<', unusedSince)
    .where(({ not, exists, selectFrom, ref }) =>
      not(
        exists(
          selectFrom('source_runs as r')
            .select('r.id')
            .where(({ eb, or }) =>
              or([eb('r.file_id', '=', ref('files.id')), eb('r.files', '@>', sql<never>`jsonb_build_array(jsonb_build_object('id', ${ref('files.id')}))`)]),
            )
            .where(({ eb, or }) => or([eb('r.state', 'in', ['queued', 'running']), eb('r.created_at', '>=', unusedSince), eb('r.finished_at', '>=', unusedSince)])),
        ),
      ),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Which of these ids an upload's description still names. */
export async function describedFileIds(db: ScopedDb, ids: string[]) {
  const described = new Set<string>()
  // A thousand at a time: a statement's parameters are limited, and a folder may hold many files.
  for (let from = 0; from < ids.length; from += 1000) {
    const rows = await db.selectFrom('files').select('id').where('id', 'in', ids.slice(from, from + 1000)).execute()
    for (const row of rows) described.add(row.id)
  }
  return described
}

/** Removes chunks that no description names and that are older than `before`: left by a process stopped mid-upload. */
export async function deleteStrayChunks(db: ScopedDb, before: Date) {
  const result = await db
    .deleteFrom('file_chunks')
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom, ref }) => not(exists(selectFrom('files as f').select('f.id').whereRef('f.id', '=', ref('file_chunks.file_id')))))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
