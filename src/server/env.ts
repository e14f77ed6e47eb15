import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'

/** The one place that reads process.env; everything else receives a parsed Env. */
const defaultVrodFile = resolve('../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')
export const defaultAccessToken = 'dev-access-token'
export const defaultSandboxKey = 'sandbox-key'

const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw) => raw.split(',').map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(8, 'Tokens are at least 8 characters')).min(1))

const envSchema = z.object({
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATABASE_URL: z.string().url().optional(),
  CREDENCE_DATA_DIR: z.string().default('.data'),
  /** The template a new embedded store starts from (db/engine/pglite-template.ts): a file, or `off`. */
  CREDENCE_PGLITE_TEMPLATE: z.string().optional(),
  CREDENCE_ACCESS_TOKENS: list(defaultAccessToken),
  CREDENCE_SANDBOX_KEY: z.string().min(8).default(defaultSandboxKey),
  CREDENCE_SANDBOX_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  CREDENCE_SANDBOX_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  CREDENCE_SEED_PROJECTS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
  CREDENCE_SEED: z.coerce.number().int().default(20261122),
  CREDENCE_VROD_FILE: z.string().optional(),
  /** What the live catalogue is seeded with on first start: Berkeley's real projects, or generated ones. */
  CREDENCE_LIVE_DATA: z.enum(['vrod', 'synthetic']).optional(),
  /** Pause between batches of a run, so its progress can be followed; 0 in tests. */
  CREDENCE_RUN_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(40),
  CREDENCE_LOG: z.enum(['info', 'silent']).default('info'),
  /**
   * How long a claimed run stays ours without a renewal. The running process renews it every quarter of this;
   * a run whose lease lapsed (its process died) is failed by the next sweep, so with the defaults a dead
   * process's run is failed within 20 s + 5 s, well inside a minute.
   */
  /**
   * Limits on an imported file, checked against what the file declares before anything is allocated: rows per
   * import, characters per cell, the parsing worker's heap (MiB) and wall-clock time (seconds).
   */
  CREDENCE_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(50_000_000).default(2_000_000),
  CREDENCE_IMPORT_MAX_CELL_CHARS: z.coerce.number().int().min(16).max(100_000_000).default(1_048_576),
  CREDENCE_IMPORT_WORKER_MIB: z.coerce.number().int().min(64).max(16_384).default(1024),
  CREDENCE_IMPORT_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * A registry's CSV larger than this (KiB) is read in slices of about this size, each in a pooled worker
   * (`importers/csv-slices.ts`). 1 MiB is about 19,000 short transaction rows (3,000 of Verra's own, which run to 350
   * bytes). Measured on a million of Verra's rows in four files, side by side (28 Nov 2026): 1 MiB slices imported
   * in 70.5 and 73.6 s, the API busy 112 and 117 CPU-s, against 80.0 and 82.5 s and 130 and 132 CPU-s with 4 MiB, the
   * peak no higher (1,456 to 1,470 MB against 1,457 to 1,482); 2 MiB in between. What a worker does after each slice
   * decides it (`parse/worker-entry.ts`).
   */
  CREDENCE_IMPORT_SLICE_KIB: z.coerce.number().int().min(1).max(1_048_576).default(1024),
  /** Sandbox uploads: how many MiB one key may hold at a time, and for how long at most (seconds). */
  CREDENCE_SANDBOX_UPLOAD_MIB: z.coerce.number().int().min(1).max(65_536).default(128),
  CREDENCE_SANDBOX_UPLOAD_HOLD_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Live uploads: how many days one is kept once no run has used it (and it was uploaded before that). */
  CREDENCE_UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /**
   * Bytes (MiB) that answers kept between requests may take, all routes together (db/versions/versioned-answers.ts). With
   * the rest of the API this keeps a process under 1.5 GB resident; docs/memory-bounds.md says how it was sized.
   */
  CREDENCE_ANSWER_CACHE_MIB: z.coerce.number().int().min(1).max(16_384).default(128),
  /**
   * How long a request waits for the embedded store's one connection (a run's writing holds it for seconds) before
   * it is answered 503 with Retry-After. What the catalogue in memory answers never waits for it.
   */
  CREDENCE_STORE_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  CREDENCE_RUN_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(20_000),
  /** How often each process looks for runs whose lease lapsed. */
  CREDENCE_RUN_REAP_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** How often each process reads the dataset versions while its PostgreSQL listener is down. */
  CREDENCE_VERSION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** For `npm run import`: the running API to upload to, and the token to use (the first access token by default). */
  CREDENCE_API_URL: z.string().url().optional(),
  CREDENCE_API_TOKEN: z.string().optional(),
})

export type Env = z.infer<typeof envSchema> & {
  vrodFile: string | null
  /** vrod by default when a VROD file is at hand, else synthetic. */
  liveData: 'vrod' | 'synthetic'
  usesDefaultCredentials: boolean
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const env = parsed.data
  const vrodFile = env.CREDENCE_VROD_FILE ?? (existsSync(defaultVrodFile) ? defaultVrodFile : null)
  const liveData = env.CREDENCE_LIVE_DATA ?? (vrodFile && existsSync(vrodFile) ? 'vrod' : 'synthetic')
  if (liveData === 'vrod' && !(vrodFile && existsSync(vrodFile))) {
    throw new Error(
      `Invalid configuration: CREDENCE_LIVE_DATA=vrod needs Berkeley's file: set CREDENCE_VROD_FILE (none at ${vrodFile ?? defaultVrodFile}).`,
    )
  }
  const usesDefaultCredentials =
    env.CREDENCE_ACCESS_TOKENS.includes(defaultAccessToken) || env.CREDENCE_SANDBOX_KEY === defaultSandboxKey
  return { ...env, vrodFile, liveData, usesDefaultCredentials }
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}
