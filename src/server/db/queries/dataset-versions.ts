import { sql, type Kysely } from 'kysely'
import { datasets, type Database, type Dataset } from '../schema'

/** The channel on which a process that applied a run tells the others the dataset's new version. */
export const versionChannel = 'credence_dataset_version'

export const isDataset = (name: string): name is Dataset => (datasets as readonly string[]).includes(name)

export async function readDatasetVersions(db: Kysely<Database>): Promise<Map<Dataset, number>> {
  const rows = await db.selectFrom('dataset_versions').select(['dataset', 'version']).execute()
  return new Map(rows.flatMap((r) => (isDataset(r.dataset) ? [[r.dataset, Number(r.version)] as const] : [])))
}

/**
 * Moves a dataset to its next version, inside the transaction that applies a run, and notifies every listening
 * process; PostgreSQL delivers the notification only if that transaction commits.
 */
export async function bumpDatasetVersion(trx: Kysely<Database>, dataset: Dataset): Promise<number> {
  const row = await trx
    .insertInto('dataset_versions')
    .values({ dataset, version: 1 })
    .onConflict((oc) => oc.column('dataset').doUpdateSet({ version: sql`dataset_versions.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow()
  const version = Number(row.version)
  await sql`select pg_notify(${versionChannel}, ${`${dataset}:${version}`})`.execute(trx)
  return version
}
