import type { Kysely } from 'kysely'
import type { Database, Dataset } from '../schema'

/** The database as one dataset sees it: every table reference resolves inside that dataset's schema. */
export type ScopedDb = Kysely<Database>
export const scoped = (db: Kysely<Database>, dataset: Dataset): ScopedDb => db.withSchema(dataset)
