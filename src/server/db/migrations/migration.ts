import type { Kysely } from 'kysely'
import type { Database } from '../schema'

/**
 * One step of the schema. Only types come from live code: at run time a migration does exactly what it did the day
 * it shipped.
 */
export type Migration = { id: string; up: (db: Kysely<Database>) => Promise<void> }
