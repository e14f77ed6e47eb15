import type { Kysely } from 'kysely'
import { chunked } from '../db/queries/chunks'
import { isSeeded, markSeeded } from '../db/queries/meta'
import { clearRows, copyRows, insertRows, skipReferenceChecks } from '../db/queries/seeding'
import { datasets, type Database, type Dataset } from '../db/schema'
import { generateDataset, type GeneratedDataset, type GeneratorOptions } from './generator'
import { seedLiveFromVrod } from './seed-vrod'
import { seededRules } from '../core/method-versions'

/** What the live dataset is seeded with on first start. */
export type LiveSeed = { kind: 'synthetic' } | { kind: 'vrod'; file: string }

const rowsPerInsert = 1000

/** Tables in insertion order: projects before the rows that reference them, sources before prices and coverage. */
const tables = ['sources', 'projects', 'quality_signals', 'spot_prices', 'coverage'] as const
type SeededTable = (typeof tables)[number]

function rowsOf(data: GeneratedDataset): Record<SeededTable, readonly object[]> {
  return { sources: data.sources, projects: data.projects, quality_signals: data.signals, spot_prices: data.prices, coverage: data.coverage }
}

/**
 * Writes a generated dataset into one schema a slice of rows at a time, each slice its own transaction, and the
 * `seeded` marker last. The embedded store's one connection is so held for a slice at a time, and the other
 * dataset's reads take their turns between slices: a first start's sandbox, seeded after the API listens, held it
 * for 7 s in one transaction, and every read of the live catalogue that needed the store answered 503 meanwhile.
 * Nothing reads a schema before its marker (the sandbox's requests wait for it, main.ts; PostgreSQL's processes
 * wait for the startup lock), and a seed stopped half-way is emptied at the next start and written again. It records
 * no run: no source was read, so none has a last success until a run of it succeeds (the generated coverage is the
 * generated projects' own).
 */
export async function seedDataset(db: Kysely<Database>, schema: Dataset, data: GeneratedDataset): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [...tables].reverse()) await clearRows(trx, schema, table)
  })
  const rows = rowsOf(data)
  for (const table of tables) {
    for (const chunk of chunked(rows[table], rowsPerInsert)) {
      await db.transaction().execute(async (trx) => {
        await skipReferenceChecks(trx)
        await insertRows(trx, schema, table, chunk)
      })
    }
  }
  await db.transaction().execute((trx) => markSeeded(trx, schema, data.projects.length, seededRules))
}

/** Copies a freshly seeded schema into another: far quicker than inserting the same rows a second time. */
async function copyDataset(db: Kysely<Database>, from: Dataset, to: Dataset, data: GeneratedDataset): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await skipReferenceChecks(trx)
    const rows = rowsOf(data)
    for (const table of tables) {
      if (rows[table].length === 0) continue
      await copyRows(trx, from, to, table, Object.keys(rows[table][0]))
    }
    await markSeeded(trx, to, data.projects.length, seededRules)
  })
}

/**
 * Seeds each dataset (`live`, `sandbox`, or those of `only`) that has not been seeded yet, from one generated
 * dataset, so the sandbox starts as the same fixed data. A restart finds the markers and generates nothing. Returns whether
 * anything was seeded.
 */
export async function ensureSeeded(
  db: Kysely<Database>,
  options: GeneratorOptions,
  liveFrom: LiveSeed = { kind: 'synthetic' },
  log: (message: string) => void = () => {},
  only: readonly Dataset[] = datasets,
): Promise<boolean> {
  let pending: Dataset[] = []
  for (const schema of only) if (!(await isSeeded(db, schema))) pending.push(schema)
  if (pending.length === 0) return false
  if (liveFrom.kind === 'vrod' && pending.includes('live')) {
    // The live catalogue is Berkeley's real projects and nothing generated; the sandbox stays generated.
    await seedLiveFromVrod(db, liveFrom.file, log)
    pending = pending.filter((d) => d !== 'live')
    if (pending.length === 0) return true
  }

  const data = generateDataset(options)
  const [first, ...rest] = pending
  await seedDataset(db, first, data)
  // Only a schema seeded in this same call is known to hold exactly `data`; copying from it is safe.
  for (const schema of rest) await copyDataset(db, first, schema, data)
  return true
}
