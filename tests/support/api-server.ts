import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A real sandbox API process on a free loopback port, for tests that speak HTTP to it. */
export interface ApiServer {
  url: string
  port: number
  dataDir: string
  /** The PostgreSQL database of this server, when it runs on one rather than on PGlite. */
  databaseUrl?: string
  process: ChildProcess
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
  /** How long the first start may take; seeding from Berkeley's file takes longer than generating a few projects. */
  startTimeoutMs?: number
}

/**
 * With CREDENCE_TEST_POSTGRES_URL set (a PostgreSQL server we may create databases on), each data folder maps
 * to a database of its own, so the same suites run against PostgreSQL, restarts included.
 */
async function databaseFor(dataDir: string, admin = process.env.CREDENCE_TEST_POSTGRES_URL): Promise<string | undefined> {
  if (!admin) return undefined
  const name = `credence_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`
  const pg = await import('pg')
  const client = new pg.default.Client({ connectionString: admin })
  await client.connect()
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

export async function startApiServer(options: StartOptions = {}): Promise<ApiServer> {
  const port = options.port ?? (await freePort())
  const dataDir = options.dataDir ?? tempDataDir()
  const databaseUrl = await databaseFor(dataDir, options.postgresUrl)
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      CREDENCE_DATA_DIR: dataDir,
      CREDENCE_SEED_PROJECTS: String(options.projects ?? 2000),
      CREDENCE_LOG: 'silent',
      // Generated data is quick to seed and what most suites assume; a suite that wants Berkeley's file asks for vrod.
      CREDENCE_LIVE_DATA: 'synthetic',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000)
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
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
