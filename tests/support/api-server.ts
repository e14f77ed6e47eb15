import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase, noteServerDatabase, storeFromTemplate, type TemplateStore } from './store-templates'
import { apiEntry } from './server-build'

/** A real sandbox API process on a free loopback port, for tests that speak HTTP to it. */
export interface ApiServer {
  url: string
  port: number
  dataDir: string
  /** The PostgreSQL database of this server, when it runs on one rather than on PGlite. */
  databaseUrl?: string
  process: ChildProcess
  /** What the process printed so far (stdout and stderr). */
  output(): string
  stop(signal?: NodeJS.Signals): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'credence-test-'))
}

export interface StartOptions {
  env?: Record<string, string>
  dataDir?: string
  port?: number
  /** Projects generated on first start; small by default so suites stay quick. */
  projects?: number
  /** A PostgreSQL server to create this server's database on; CREDENCE_TEST_POSTGRES_URL by default. */
  postgresUrl?: string
  /** A database to use as it is, shared with other servers: several API processes on one PostgreSQL. */
  databaseUrl?: string
  /** How long the first start may take; seeding from Berkeley's file takes longer than generating a few projects; 90 s by default. */
  startTimeoutMs?: number
  /** V8's optimising compiler for the store's WebAssembly, as deployed (server-build.ts says when a suite wants it). */
  optimisingTier?: boolean
  /** A store the server's own first start seeds, not a copy of the run's template: for a suite that watches that start. */
  firstStart?: boolean
}

/**
 * With CREDENCE_TEST_POSTGRES_URL set (a PostgreSQL server we may create databases on), each data folder maps
 * to a database of its own, so the same suites run against PostgreSQL, restarts included. A new store, on either
 * engine, is a copy of this run's template for its seeding when the run keeps templates (store-templates.ts).
 */
async function storeFor(dataDir: string, env: Record<string, string | undefined>, prepare: ((template: TemplateStore) => Promise<void>) | null, timeoutMs: number, admin = process.env.CREDENCE_TEST_POSTGRES_URL): Promise<string | undefined> {
  if (!admin) {
    if (prepare && !existsSync(join(dataDir, 'PG_VERSION'))) await storeFromTemplate(env, { engine: 'pglite', dataDir }, prepare, timeoutMs)
    return undefined
  }
  const name = `credence_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`
  const url = new URL(admin)
  url.pathname = `/${name}`
  const pg = await import('pg')
  const client = new pg.default.Client({ connectionString: admin })
  await client.connect()
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount !== 0) return url.toString()
  } finally {
    await client.end()
  }
  if (!prepare || !(await storeFromTemplate(env, { engine: 'postgresql', admin, database: name }, prepare, timeoutMs))) await createDatabase(admin, name)
  noteServerDatabase(admin, name)
  return url.toString()
}

export async function startApiServer(options: StartOptions = {}): Promise<ApiServer> {
  const dataDir = options.dataDir ?? tempDataDir()
  const timeoutMs = options.startTimeoutMs ?? 90_000
  const env = serverEnv(options)
  const prepare = options.firstStart ? null : prepareTemplate(env, timeoutMs)
  const databaseUrl = options.databaseUrl ?? (await storeFor(dataDir, env, prepare, timeoutMs, options.postgresUrl))
  return launch(env, dataDir, databaseUrl, options.port ?? (await freePort()), timeoutMs, options.optimisingTier)
}

/**
 * A data folder of the embedded store seeded as a test server's first start seeds it, for a suite that opens the
 * store in its own process rather than through an API: a copy of the run's template for that seeding, or, where the
 * run keeps none, the folder an API's first start seeded and left. On Berkeley's file, a copy opens in about two
 * CPU-seconds where seeding in the suite's own process took eleven.
 */
export async function seededStoreFolder(options: Pick<StartOptions, 'env' | 'projects' | 'startTimeoutMs'> = {}): Promise<string> {
  const dataDir = tempDataDir()
  const timeoutMs = options.startTimeoutMs ?? 180_000
  const env = serverEnv(options)
  const prepare = prepareTemplate(env, timeoutMs)
  if (!(await storeFromTemplate(env, { engine: 'pglite', dataDir }, prepare, timeoutMs))) await prepare({ dataDir })
  return dataDir
}

/** The environment a test server runs with: quiet, generated data unless a suite asks for Berkeley's file. */
function serverEnv(options: Pick<StartOptions, 'env' | 'projects'>): Record<string, string | undefined> {
  return {
    ...process.env,
    API_HOST: '127.0.0.1',
    CREDENCE_SEED_PROJECTS: String(options.projects ?? 2000),
    CREDENCE_LOG: 'silent',
    // Generated data is quick to seed and what most suites assume; a suite that wants Berkeley's file asks for vrod.
    CREDENCE_LIVE_DATA: 'synthetic',
    ...options.env,
  }
}

/**
 * A template is a first start stopped once both datasets are seeded: on PGlite the sandbox is seeded after the API
 * listens, and a sandbox request waits for it; on PostgreSQL both are seeded before it listens.
 */
const prepareTemplate = (env: Record<string, string | undefined>, timeoutMs: number) => async (template: TemplateStore) => {
  const server = await launch(env, template.dataDir, template.databaseUrl, await freePort(), timeoutMs)
  if (!template.databaseUrl) await fetch(`${server.url}/api/catalogue`, { headers: { authorization: `Bearer ${env.CREDENCE_SANDBOX_KEY ?? 'sandbox-key'}` } })
  await server.stop()
  if (server.process.exitCode !== 0) throw new Error(`The API preparing a store template stopped with ${server.process.exitCode}:\n${server.output()}`)
}

async function launch(env: Record<string, string | undefined>, dataDir: string, databaseUrl: string | undefined, port: number, timeoutMs: number, optimisingTier = false): Promise<ApiServer> {
  const child = spawn(process.execPath, apiEntry({ optimisingTier }), {
    env: { ...env, API_PORT: String(port), CREDENCE_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`API did not start:\n${output}`)
    }
    try {
      await fetch(`${url}/api/openapi.json`)
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    port,
    dataDir,
    databaseUrl,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
