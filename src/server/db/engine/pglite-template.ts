import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { PGlite as PGliteType } from '@electric-sql/pglite'
import { clusterOnly } from './cluster-tar'

/**
 * A new embedded store spends seconds in initdb, the same work each time. The first store made on a machine is
 * saved, still empty, as a template beside PGlite (`node_modules/.cache/credence/`, keyed by PGlite's version);
 * later new stores start from it (about 1.7 s instead of 4.3 s here). It holds an empty cluster and nothing of
 * ours, so no migration or seed can go stale in it. `CREDENCE_PGLITE_TEMPLATE` (env.ts) names another file, or `off`.
 */
export function templatePath(configured?: string): string | null {
  if (configured === 'off') return null
  if (configured) return configured
  const require = createRequire(import.meta.url)
  const entry = require.resolve('@electric-sql/pglite')
  const packageRoot = entry.slice(0, entry.lastIndexOf(join('node_modules', '@electric-sql', 'pglite')))
  const version = (JSON.parse(readFileSync(join(packageRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version
  return join(packageRoot, 'node_modules', '.cache', 'credence', `pglite-${version}-empty.tar`)
}

/**
 * Settings the embedded store starts with. PGlite's shared buffers (128 MB by default) live in its WebAssembly
 * memory, which grows to hold them as a large import fills them and never shrinks; the files behind them are read
 * through the system's own cache, so a smaller pool costs reads little (an uncached search for a company, 1,000,000
 * records loaded: p50 15 ms against 14 ms) and memory a good deal (the store starts in 128 MB rather than 188 MB,
 * and a million-record import peaked at 1,453 MB rather than 1,568 MB).
 */
const storeSettings = ['shared_buffers = 32MB']

/** Opens the embedded store in `dataDir` (or in memory), from the template when it holds no cluster yet. */
export async function openPGlite(dataDir: string, template: string | null = templatePath()): Promise<PGliteType> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')])
  // Trigrams index the credits' beneficiary search (migration 014); the extension is loaded with every store.
  const options = { extensions: { pg_trgm }, postgresqlconf: storeSettings }
  // A store kept in memory starts from the template too: a test suite's own store took 3.2 s in initdb, 0.5 s so.
  const inMemory = dataDir === 'memory://'
  if (!inMemory && existsSync(join(dataDir, 'PG_VERSION'))) return ready(new PGlite(dataDir, options))
  if (template && existsSync(template)) {
    try {
      const loadDataDir = new Blob([readFileSync(template)])
      return await ready(inMemory ? new PGlite({ ...options, loadDataDir }) : new PGlite(dataDir, { ...options, loadDataDir }))
    } catch {
      // A template that does not load is dropped; initdb below makes the store and a new template.
      rmSync(template, { force: true })
      if (!inMemory) for (const part of ['PG_VERSION', 'base', 'global']) rmSync(join(dataDir, part), { recursive: true, force: true })
    }
  }
  const pg = await ready(inMemory ? new PGlite(options) : new PGlite(dataDir, options))
  if (template) await saveTemplate(pg, template)
  return pg
}

async function ready(pg: PGliteType): Promise<PGliteType> {
  await pg.waitReady
  return pg
}

/** Written aside and renamed into place, so two stores made at once never leave half a template. */
async function saveTemplate(pg: PGliteType, template: string): Promise<void> {
  try {
    const tar = await pg.dumpDataDir('none')
    mkdirSync(dirname(template), { recursive: true })
    const aside = `${template}.${process.pid}.tmp`
    writeFileSync(aside, clusterOnly(new Uint8Array(await tar.arrayBuffer())))
    renameSync(aside, template)
  } catch {
    // Only a quicker next start is lost.
  }
}
