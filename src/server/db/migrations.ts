import { sql, type Kysely } from 'kysely'
import { datasets, type Database } from './schema'
import { realDataMigration } from './migrations/003-real-data'
import { scaleOutMigration } from './migrations/004-scale-out'
import { importsMigration } from './migrations/005-imports'
import { openRatingMigration } from './migrations/006-open-rating'
import { recommendationTextMigration } from './migrations/007-recommendation-text'
import { runHardeningMigration } from './migrations/008-run-hardening'
import { uploadStorageMigration } from './migrations/009-upload-storage'
import { typeAsPublishedMigration } from './migrations/010-type-as-published'
import { creditsMigration } from './migrations/011-credits'
import { runFilesMigration } from './migrations/012-run-files'
import { cercarbonoSourceMigration } from './migrations/013-cercarbono-source'
import { creditSearchIndexMigration } from './migrations/014-credit-search-index'
import { estimatedPricesMigration } from './migrations/015-estimated-prices'
import { priceQuotesMigration } from './migrations/016-price-quotes'
import { creditSearchTextsMigration } from './migrations/017-credit-search-texts'
import { remainingByVintageMigration } from './migrations/018-remaining-by-vintage'
import { runCountsMigration } from './migrations/019-run-counts'
import { serialRangesMigration } from './migrations/020-serial-ranges'
import { futureDatesMigration } from './migrations/021-future-dates'
import { shortlistNamesMigration } from './migrations/023-shortlist-names'
import { beneficiaryDecisionsMigration } from './migrations/024-beneficiary-decisions'
import { creditsNewestFirstMigration } from './migrations/025-credits-newest-first'
import { runSkippedProjectsMigration } from './migrations/026-run-skipped-projects'
import { creditsByDayMigration } from './migrations/027-credits-by-day'
import { statedVintageTotalsMigration } from './migrations/028-stated-vintage-totals'
import { deletedShortlistsMigration } from './migrations/029-deleted-shortlists'
import { asOfBasisMigration } from './migrations/030-as-of-basis'
import { coverageStatusMigration } from './migrations/031-coverage-status'
import { listedTotalsMigration } from './migrations/032-listed-totals'
import { climateActionGoalMigration } from './migrations/033-climate-action-goal'
import { coverageLabelsMigration } from './migrations/034-coverage-labels'
import { foldedSearchTextsMigration } from './migrations/035-folded-search-texts'
import { complianceIdsMigration } from './migrations/036-compliance-ids'
import { corsiaDashMigration } from './migrations/037-corsia-dash'
import { listedSdgsMigration } from './migrations/038-listed-sdgs'

import type { Migration } from './migrations/migration'

async function createDatasetTables(db: Kysely<Database>, schema: string) {
  await db.schema.createSchema(schema).ifNotExists().execute()
  const s = db.schema.withSchema(schema)
  await s
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('registry', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('reduction_removal', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('methodology', 'text')
    .addColumn('developer', 'text')
    .addColumn('website', 'text')
    .addColumn('vintage', 'integer')
    .addColumn('issued', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('retired', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('remaining', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('labels', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('co_benefits', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('sdgs', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('listed_at', 'text')
    .addColumn('registered_at', 'text')
    .addColumn('quality_score', 'real')
    .addColumn('quality_grade', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  for (const column of ['type', 'region', 'country', 'registry', 'status', 'vintage', 'quality_score']) {
    await s.createIndex(`projects_${column}_idx`).on('projects').column(column).execute()
  }
  await s.createIndex('projects_labels_idx').on('projects').using('gin').column('labels').execute()
  await s.createIndex('projects_co_benefits_idx').on('projects').using('gin').column('co_benefits').execute()

  await s
    .createTable('quality_signals')
    .addColumn('project_id', 'text', (c) => c.notNull().references(`${schema}.projects.id`).onDelete('cascade'))
    .addColumn('signal', 'text', (c) => c.notNull())
    .addColumn('value', 'real', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quality_signals_pk', ['project_id', 'signal'])
    .execute()

  await s
    .createTable('sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('connector', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('registry', 'text')
    .addColumn('cadence_hours', 'integer', (c) => c.notNull())
    .execute()

  await s
    .createTable('spot_prices')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references(`${schema}.projects.id`).onDelete('cascade'))
    .addColumn('value', 'real', (c) => c.notNull())
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull().references(`${schema}.sources.id`))
    .execute()

  await s
    .createTable('coverage')
    .addColumn('project_id', 'text', (c) => c.notNull().references(`${schema}.projects.id`).onDelete('cascade'))
    .addColumn('source_id', 'text', (c) => c.notNull().references(`${schema}.sources.id`))
    .addColumn('last_success_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('coverage_pk', ['project_id', 'source_id'])
    .execute()
  await s.createIndex('coverage_source_idx').on('coverage').columns(['source_id', 'last_success_at']).execute()

  await s
    .createTable('source_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().references(`${schema}.sources.id`))
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('simulated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('project_keys', sql`text[]`)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('credential', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addUniqueConstraint('source_runs_idempotency', ['credential', 'idempotency_key'])
    .execute()
  await s.createIndex('source_runs_created_idx').on('source_runs').columns(['created_at', 'id']).execute()

  await s
    .createTable('recommendations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .execute()

  await s
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()
}

export const migrations: Migration[] = [
  {
    id: '001-datasets',
    up: async (db) => {
      for (const dataset of datasets) await createDatasetTables(db, dataset)
    },
  },
  {
    // Keys are looked up case-insensitively (a buyer pastes `vcs191`), by price batches and project pages.
    id: '002-key-lookup',
    up: async (db) => {
      for (const dataset of datasets) {
        await sql`create index if not exists projects_key_upper_idx on ${sql.table(`${dataset}.projects`)} (upper(key))`.execute(db)
      }
    },
  },
  realDataMigration,
  scaleOutMigration,
  importsMigration,
  openRatingMigration,
  recommendationTextMigration,
  runHardeningMigration,
  uploadStorageMigration,
  typeAsPublishedMigration,
  creditsMigration,
  runFilesMigration,
  cercarbonoSourceMigration,
  creditSearchIndexMigration,
  estimatedPricesMigration,
  priceQuotesMigration,
  creditSearchTextsMigration,
  remainingByVintageMigration,
  runCountsMigration,
  serialRangesMigration,
  futureDatesMigration,
  shortlistNamesMigration,
  beneficiaryDecisionsMigration,
  creditsNewestFirstMigration,
  runSkippedProjectsMigration,
  creditsByDayMigration,
  statedVintageTotalsMigration,
  deletedShortlistsMigration,
  asOfBasisMigration,
  coverageStatusMigration,
  listedTotalsMigration,
  climateActionGoalMigration,
  coverageLabelsMigration,
  foldedSearchTextsMigration,
  complianceIdsMigration,
  corsiaDashMigration,
  listedSdgsMigration,
]

/**
 * Applies, in order and each in a transaction, the migrations this database has not seen yet; `through` stops
 * after the one of that id (a test's store as an older version left it).
 */
export async function migrate(db: Kysely<Database>, through?: string) {
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  const applied = new Set((await db.selectFrom('migrations').select('id').execute()).map((m) => m.id))
  for (const migration of migrations) {
    if (!applied.has(migration.id)) {
      await db.transaction().execute(async (trx) => {
        await migration.up(trx)
        await trx.insertInto('migrations').values({ id: migration.id }).execute()
      })
    }
    if (migration.id === through) return
  }
}
