import { mkdirSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ensureSeeded } from './seeding/seed'
import { connectDatabase } from './db/engine/connect'
import { DataDirInUse, lockDataDir } from './db/engine/embedded-lock'
import { migrate } from './db/migrations'
import { readDatasetVersions } from './db/queries/dataset-versions'
import { isSeeded } from './db/queries/meta'
import { refreshStatistics } from './db/queries/statistics'
import { underStartupLock } from './db/engine/startup-lock'
import { VersionFeed } from './db/versions/version-feed'
import { datasets, type Dataset } from './db/schema'
import { DatasetVersions } from './db/versions/dataset-versions'
import type { Deps } from './deps'
import { isLoopback, readEnv } from './env'
import { removeFoldersOfDeadProcesses } from './files/process-folders'
import { UploadedFiles } from './files/uploaded-files'
import { answerClientErrors } from './http/client-errors'
import { SharedWindowLimiter, SlidingWindowLimiter } from './http/rate-limit'
import { readOlderComplianceIds } from './seeding/older-compliance-ids'
import { rerateOlderRatings } from './quality/stored-ratings'
import { resolveOlderBeneficiaries } from './beneficiaries/older-stores'
import { RunWorker } from './runs/worker'
import { beneficiaryRules, ratingVersion } from './core/method-versions'

const env = readEnv()
const log = env.CREDENCE_LOG === 'silent' ? () => {} : (message: string) => console.log(`[credence-api] ${message}`)

if (!isLoopback(env.API_HOST) && env.usesDefaultCredentials) {
  console.error(
    `Refusing to listen on ${env.API_HOST}: the default credentials are in use. Set CREDENCE_ACCESS_TOKENS and CREDENCE_SANDBOX_KEY to secrets of your own, or listen on 127.0.0.1.`,
  )
  process.exit(1)
}

/** Exit status of a process that found its embedded data folder held by another: vite.config.ts reads it. */
const exitDataDirInUse = 3

const started = performance.now()
const embeddedFolder = !env.DATABASE_URL && env.CREDENCE_DATA_DIR !== 'memory://'
let releaseDataDir = () => {}
if (embeddedFolder) {
  mkdirSync(env.CREDENCE_DATA_DIR, { recursive: true })
  try {
    releaseDataDir = lockDataDir(env.CREDENCE_DATA_DIR)
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error
    console.error(error.message)
    process.exit(exitDataDirInUse)
  }
  process.once('exit', () => releaseDataDir())
}
const database = await connectDatabase({
  url: env.DATABASE_URL,
  dataDir: env.CREDENCE_DATA_DIR,
  pgliteTemplate: env.CREDENCE_PGLITE_TEMPLATE,
  requestWaitMs: env.CREDENCE_STORE_WAIT_MS,
})
const liveFrom = env.liveData === 'vrod' && env.vrodFile ? { kind: 'vrod' as const, file: env.vrodFile } : { kind: 'synthetic' as const }
const seedOptions = { projects: env.CREDENCE_SEED_PROJECTS, seed: env.CREDENCE_SEED, now: new Date() }
// The embedded store's one process seeds the sandbox once it listens (a first start serves live seconds sooner);
// PostgreSQL's processes seed everything under the startup lock, so none of them serves a dataset half-made.
const sandboxLater = database.engine === 'pglite'
const seed = async (only: readonly Dataset[]) => {
  const seeded = await ensureSeeded(database.db, seedOptions, liveFrom, log, only)
  // Fresh statistics after a bulk load, so the planner uses the key and filter indexes from the first query.
  if (seeded) await refreshStatistics(database.db)
  return seeded
}
const prepare = async () => {
  await migrate(database.db)
  const seeded = await seed(sandboxLater ? ['live'] : datasets)
  const given = await readOlderComplianceIds(database.db, env.vrodFile)
  if (given !== null) log(`live compliance ids read from ${env.vrodFile}: ${given} projects`)
  for (const dataset of datasets) {
    const changed = await rerateOlderRatings(database.db, dataset, new Date())
    if (changed !== null) log(`${dataset} re-rated by ${ratingVersion}: ${changed} scores changed`)
    const resolved = await resolveOlderBeneficiaries(database.db, dataset)
    if (resolved !== null) log(`${dataset} beneficiaries read by ${beneficiaryRules}: ${resolved} spellings resolved otherwise`)
  }
  return seeded
}
// On PostgreSQL any number of processes may start at once on an empty database: one prepares, the others wait
// for it and then find the work done. PGlite has one connection and, under the folder lock, one process.
const seeded = database.engine === 'postgresql' ? await underStartupLock(database.db, prepare) : await prepare()
log(`${database.engine} ready${seeded ? `, seeded (live: ${env.liveData})` : ''} in ${Math.round(performance.now() - started)} ms`)

let sandboxSeeded = () => {}
const sandboxReady = sandboxLater ? new Promise<void>((resolve) => (sandboxSeeded = resolve)) : Promise.resolve()
/** Seeds the sandbox, if it needs it, once the API listens; a failure stops the process (nothing half-written stays). */
const seedSandbox = () => {
  if (!sandboxLater) return
  const begun = performance.now()
  // A restart finds it seeded and serves it at once; a first start seeds it after the live catalogue is in
  // memory, since the seed holds the embedded store's one connection for seconds.
  isSeeded(database.db, 'sandbox')
    .then((done) => (done ? false : liveWarmed.then(() => seed(['sandbox']))))
    .then(
      (seeded) => {
        if (seeded) log(`sandbox seeded in ${Math.round(performance.now() - begun)} ms, after listening`)
        sandboxSeeded()
      },
      (error: unknown) => {
        console.error('Seeding the sandbox failed:', error)
        process.exit(1)
      },
    )
}

const versions = new DatasetVersions()
for (const [dataset, version] of await readDatasetVersions(database.db)) versions.observe(dataset, version)
const shared = database.engine === 'postgresql'
// Uploads a killed or crashed process held in its temporary folders: nobody can read them any more.
const leftBehind = removeFoldersOfDeadProcesses()
if (leftBehind.length > 0) log(`removed ${leftBehind.length} temporary upload folder(s) of stopped processes`)
const files = UploadedFiles.for(
  database.db,
  { engine: database.engine, dataDir: env.CREDENCE_DATA_DIR },
  {
    bytesPerKey: env.CREDENCE_SANDBOX_UPLOAD_MIB * 1024 * 1024,
    holdMs: env.CREDENCE_SANDBOX_UPLOAD_HOLD_S * 1000,
    retentionMs: env.CREDENCE_UPLOAD_RETENTION_DAYS * 24 * 60 * 60 * 1000,
  },
)
process.once('exit', () => files.close())
const tidied = await files.removeUnneeded()
if (tidied.uploads + tidied.strays > 0) {
  log(`removed ${tidied.uploads} upload(s) unused for ${env.CREDENCE_UPLOAD_RETENTION_DAYS} days and ${tidied.strays} stray file(s)`)
}
const worker = new RunWorker(database.db, env, versions, log, !shared, files)
const feed = shared && env.DATABASE_URL ? new VersionFeed(env.DATABASE_URL, database.db, versions, env.CREDENCE_VERSION_POLL_MS, log) : undefined
const deps: Deps = {
  db: database.requests,
  queuedDb: database.db,
  env,
  // Several processes share one PostgreSQL and must share the sandbox quota; the embedded store's one owner
  // sees every request itself (see SlidingWindowLimiter).
  limiter: shared
    ? new SharedWindowLimiter(database.db, env.CREDENCE_SANDBOX_RATE_LIMIT, env.CREDENCE_SANDBOX_RATE_WINDOW_MS)
    : new SlidingWindowLimiter(env.CREDENCE_SANDBOX_RATE_LIMIT, env.CREDENCE_SANDBOX_RATE_WINDOW_MS),
  files,
  wakeWorker: worker.wake,
  runInHand: worker.runInHand,
  versions,
  now: () => new Date(),
  ready: (dataset) => (dataset === 'sandbox' ? sandboxReady : Promise.resolve()),
}
await feed?.start()
let liveWarmed: Promise<void> = Promise.resolve()
const app = createApp(deps, (warmed) => (liveWarmed = warmed))
await worker.start()

// A long price lookup (thousands of keys pasted at once) must reach the router to be told the limit,
// rather than be cut off by Node's 16 KiB header default with a bare 431.
const server = serve({ fetch: app.fetch, hostname: env.API_HOST, port: env.API_PORT, serverOptions: { maxHeaderSize: 128 * 1024 } }, (info) => {
  log(`listening on http://${env.API_HOST}:${info.port} (${Math.round(performance.now() - started)} ms after start)`)
  // Started by vite.config.ts: it waits for this rather than for the port, which another API might answer.
  process.send?.('listening')
  seedSandbox()
})

// A large import's commit can hold the embedded database's thread for seconds; with Node's 5 s keep-alive a client's
// next request on an idle connection would meet a closed socket just after. Clients drop idle sockets first (undici: 4 s).
;(server as import('node:http').Server).keepAliveTimeout = 65_000
answerClientErrors(server as import('node:http').Server)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  server.close()
  await worker.stop()
  await feed?.stop()
  await database.close()
  releaseDataDir()
  process.exit(0)
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
