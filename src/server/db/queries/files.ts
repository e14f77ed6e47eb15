import type { Insertable } from 'kysely'
import type { FileTable } from '../schema'
import type { ScopedDb } from './scoped'

const described = ['id', 'name', 'bytes', 'sha256', 'created_at'] as const

export async function insertFile(db: ScopedDb, file: Insertable<FileTable>) {
  return db.insertInto('files').values(file).returning(described).executeTakeFirstOrThrow()
}

/** A file's description, without its bytes. */
export async function findFile(db: ScopedDb, id: string) {
  return db.selectFrom('files').select(described).where('id', '=', id).executeTakeFirst()
}

export async function fileContent(db: ScopedDb, id: string) {
  return db.selectFrom('files').select(['id', 'name', 'created_at', 'content']).where('id', '=', id).executeTakeFirst()
}
