import { mkdirSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { createApp } from './app'
import { ensureSeeded } from './data/seed'
import { connectDatabase } from './db/connect'
import { migrate } from './db/migrations'
import { DatasetVersions, type Deps } from './deps'
import { isLoopback, readEnv } from './env'
import { SlidingWindowLimiter } from './http/rate-limit'
import { RunWorker } from './runs/worker'

const env = readEnv()
const log = env.CREDENCE_LOG === 'silent' ? () => {} : (message: string) => console.log(`[credence-api] ${message}`)

if (!isLoopback(env.API_HOST) && env.usesDefaultCredentials) {
  console.error(
    `Refusing to listen on ${env.API_HOST}: the default credentials are in use. Set CREDENCE_ACCESS_TOKENS and CREDENCE_SANDBOX_KEY to secrets of your own, or listen on 127.0.0.1.`,
  )
  process.exit(1)
}

const started = performance.now()
if (!env.DATABASE_URL && env.CREDENCE_DATA_DIR !== 'memory://') mkdirSync(env.CREDENCE_DATA_DIR, { recursive: true })
const database = await connectDatabase({ url: env.DATABASE_URL, dataDir: env.CREDENCE_DATA_DIR })
await migrate(database.db)
const liveFrom = env.liveData === 'vrod' && env.vrodFile ? { kind: 'vrod' as const, file: env.vrodFile } : { kind: 'synthetic' as const }
const seeded = await ensureSeeded(database.db, { projects: env.CREDENCE_SEED_PROJECTS, seed: env.CREDENCE_SEED, now: new Date() }, liveFrom, log)
// Fresh statistics after a bulk load, so the planner uses the key and filter indexes from the first query.
if (seeded) await sql`analyze`.execute(database.db)
log(`${database.engine} ready${seeded ? `, seeded (live: ${env.liveData})` : ''} in ${Math.round(performance.now() - started)} ms`)

const versions = new DatasetVersions()
const worker = new RunWorker(database.db, env, versions, log)
const deps: Deps = {
  db: database.db,
  env,
  limiter: new SlidingWindowLimiter(env.CREDENCE_SANDBOX_RATE_LIMIT, env.CREDENCE_SANDBOX_RATE_WINDOW_MS),
  wakeWorker: worker.wake,
  versions,
  now: () => new Date(),
}
const app = createApp(deps)
await worker.start()

// A long price lookup (thousands of keys pasted at once) must reach the router to be told the limit,
// rather than be cut off by Node's 16 KiB header default with a bare 431.
const server = serve({ fetch: app.fetch, hostname: env.API_HOST, port: env.API_PORT, serverOptions: { maxHeaderSize: 128 * 1024 } }, (info) => {
  log(`listening on http://${env.API_HOST}:${info.port} (${Math.round(performance.now() - started)} ms after start)`)
})

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  server.close()
  await worker.stop()
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
