import type { Kysely } from 'kysely'
import type { Database, Dataset } from '../schema'

/** The database as one dataset sees it: every table reference resolves inside that dataset's schema. */
export type ScopedDb = Kysely<Database>
export const scoped = (db: Kysely<Database>, dataset: Dataset): ScopedDb => db.withSchema(dataset)

/** Where raw SQL writes: the dataset's scoped database (or transaction), and the dataset's name, which raw SQL must spell out. */
export interface ImportTarget {
  db: ScopedDb
  dataset: Dataset
}
