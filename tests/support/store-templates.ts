import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A first start migrates and seeds its new store: from Berkeley's file most of the start, and for 2,000 generated
 * projects still more than half of it (a copy of a seeded store starts in about a third of the time). It is the same
 * work for every test server that asks for the same seeding. While a run keeps templates (a global setup opened a
 * folder for them), the first server seeded a given way prepares one: an API started once on a store of its own,
 * its sandbox seeded too, then stopped. Every server seeded that way then starts on a copy: the data folder copied
 * on PGlite, `create database … template …` on PostgreSQL. Templates last as long as the run, so none holds what
 * older code seeded; a generated one's dates are those of its first start, minutes older than a new store's would be.
 */
const folderVariable = 'CREDENCE_TEST_STORE_TEMPLATES'

/** Where a test server's new store is made: a data folder for PGlite, or a database on a PostgreSQL server. */
export type NewStore = { engine: 'pglite'; dataDir: string } | { engine: 'postgresql'; admin: string; database: string }

/** A store made for a template: the server that prepares it starts on this folder, or on this database. */
export type TemplateStore = { dataDir: string; databaseUrl?: string }

/**
 * Opens this run's templates folder, for a global setup; the returned function removes it. Nested setups share the
 * first, and a setup inside `npm test` shares the one its lanes share (`openStoreTemplates`, tests/run-shares.ts).
 */
export function keepStoreTemplates(): () => Promise<void> {
  if (process.env[folderVariable]) return async () => {}
  const folder = openStoreTemplates()
  process.env[folderVariable] = folder
  return async () => {
    delete process.env[folderVariable]
    await closeStoreTemplates(folder)
  }
}

/** A new templates folder, and the variable that names it to every process a run starts. */
export function openStoreTemplates(): string {
  return mkdtempSync(join(tmpdir(), 'credence-templates-'))
}
export const storeTemplatesVariable = folderVariable

/** Drops what a templates folder made (its template databases, its servers' databases) and removes it. */
export async function closeStoreTemplates(folder: string): Promise<void> {
  await dropTemplateDatabases(folder)
  await dropServerDatabases(folder)
  rmSync(folder, { recursive: true, force: true })
}

/** Where a run notes the databases its test servers' stores were made in, one file each, named for the database. */
const serverDatabases = (folder: string) => join(folder, 'server-databases')

/**
 * Notes a database made for a test server's store on PostgreSQL, holding the admin URL it was made through, so the
 * run's end drops it (`keepStoreTemplates`). Each is named for its server's data folder, a temporary one, so no later
 * run asks for it again; kept, they piled up (1,612 of them, 71 GB, after some thirty runs of the PostgreSQL pass on
 * one cluster). A run that keeps no templates folder notes nothing, and its databases stay.
 */
export function noteServerDatabase(admin: string, name: string) {
  const folder = process.env[folderVariable]
  if (!folder || !existsSync(folder)) return
  mkdirSync(serverDatabases(folder), { recursive: true })
  writeFileSync(join(serverDatabases(folder), name), admin)
}

/** Drops the databases the run's test servers were given. */
async function dropServerDatabases(folder: string): Promise<void> {
  const noted = serverDatabases(folder)
  if (!existsSync(noted)) return
  for (const name of readdirSync(noted)) await dropDatabase(readFileSync(join(noted, name), 'utf8'), name)
}

/**
 * Drops a database, whatever still holds a connection to it. The cluster may be down (an outage suite stopped it, or
 * it was a suite's own): what is left costs disk, nothing else.
 */
async function dropDatabase(admin: string, name: string): Promise<void> {
  const pg = await import('pg')
  const client = new pg.default.Client({ connectionString: admin })
  try {
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
  } catch {
    // Left as it is.
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * What a first start's store depends on besides the code: the seeding variables of the server's environment and
 * where the store lives. Any other variable (tokens, quotas, timings) leaves a new store as it is.
 */
function templateKey(env: Record<string, string | undefined>, store: NewStore): string {
  const seeding = {
    projects: env.CREDENCE_SEED_PROJECTS ?? null,
    seed: env.CREDENCE_SEED ?? null,
    live: env.CREDENCE_LIVE_DATA ?? null,
    vrodFile: env.CREDENCE_VROD_FILE ?? null,
    on: store.engine === 'postgresql' ? store.admin : 'pglite',
  }
  return createHash('sha256').update(JSON.stringify(seeding)).digest('hex').slice(0, 16)
}

/**
 * Makes `store` a copy of this run's template for `env`'s seeding, preparing the template first when no server has
 * asked for it yet. Returns false, having made nothing, when the run keeps no templates, or
 * another process's template could not be prepared: the server then makes its store itself, as a first start does.
 */
export async function storeFromTemplate(
  env: Record<string, string | undefined>,
  store: NewStore,
  prepare: (template: TemplateStore) => Promise<void>,
  timeoutMs: number,
): Promise<boolean> {
  const folder = process.env[folderVariable]
  if (!folder || !existsSync(folder)) return false
  const key = templateKey(env, store)
  const here = join(folder, key)
  const admin = store.engine === 'postgresql' ? store.admin : null
  const template: TemplateStore = { dataDir: join(here, 'store') }
  if (admin) template.databaseUrl = databaseUrl(admin, `credence_template_${key}_${runId(folder)}`)
  if (claim(here)) {
    try {
      mkdirSync(template.dataDir)
      if (admin) await createDatabase(admin, databaseName(template.databaseUrl!))
      await prepare(template)
      writeFileSync(join(here, 'ready'), JSON.stringify(admin ? { admin, databaseUrl: template.databaseUrl } : {}))
    } catch (error) {
      writeFileSync(join(here, 'failed'), String(error))
      throw error
    }
  } else if (!(await prepared(here, timeoutMs))) {
    return false
  }
  if (store.engine === 'pglite') {
    // A folder at rest: the API that prepared it stopped cleanly (exit 0) and released its lock on the way out.
    cpSync(template.dataDir, store.dataDir, { recursive: true })
  } else {
    await createDatabase(store.admin, store.database, databaseName(template.databaseUrl!))
  }
  return true
}

/** The first to make the template's folder prepares it; mkdir is atomic across the run's processes. */
function claim(here: string): boolean {
  try {
    mkdirSync(here)
    return true
  } catch {
    return false
  }
}

/** Waits for another process to prepare the template: true once it is ready, false if it failed or took too long. */
async function prepared(here: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (existsSync(join(here, 'ready'))) return true
    if (existsSync(join(here, 'failed'))) return false
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

const runId = (folder: string) => createHash('sha256').update(folder).digest('hex').slice(0, 8)

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

const databaseName = (url: string) => new URL(url).pathname.slice(1)

/**
 * Creates a database, empty or as a copy of `template`. A copy needs its template free of sessions, and the
 * backend of a server that just stopped can take a moment to go: a busy template is tried again for a few seconds.
 */
export async function createDatabase(admin: string, name: string, template?: string): Promise<void> {
  const pg = await import('pg')
  const client = new pg.default.Client({ connectionString: admin })
  await client.connect()
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name}${template ? ` template ${template}` : ''}`)
        return
      } catch (error) {
        const busy = (error as { code?: string }).code === '55006'
        if (!busy || attempt >= 50) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  } finally {
    await client.end()
  }
}

/** The template databases a run made are dropped with its folder, as the servers' own are (`dropServerDatabases`). */
async function dropTemplateDatabases(folder: string): Promise<void> {
  if (!existsSync(folder)) return
  for (const key of readdirSync(folder)) {
    const ready = join(folder, key, 'ready')
    const made = existsSync(ready) ? (JSON.parse(readFileSync(ready, 'utf8')) as { admin?: string; databaseUrl?: string }) : {}
    if (!made.admin || !made.databaseUrl) continue
    await dropDatabase(made.admin, databaseName(made.databaseUrl))
  }
}
