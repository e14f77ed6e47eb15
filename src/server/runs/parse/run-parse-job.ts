import { availableParallelism } from 'node:os'
import { MessageChannel } from 'node:worker_threads'
import { Piscina } from 'piscina'
import type { Env } from '../../env'
import { ConnectorError } from '../connector'
import type { ParseJobName, ParseJobs } from './jobs'
import type { JobAnswer, JobTask } from './worker-entry'

export interface ParseLimits {
  /** The worker's heap ceiling (CREDENCE_IMPORT_WORKER_MIB). */
  memoryMib: number
  /** How long the job may take before its worker is terminated (CREDENCE_IMPORT_TIMEOUT_S). */
  timeoutS: number
}

/** The parsing workers' limits as the API is configured. */
export const parseLimitsOf = (env: Pick<Env, 'CREDENCE_IMPORT_WORKER_MIB' | 'CREDENCE_IMPORT_TIMEOUT_S'>): ParseLimits => ({
  memoryMib: env.CREDENCE_IMPORT_WORKER_MIB,
  timeoutS: env.CREDENCE_IMPORT_TIMEOUT_S,
})

/**
 * Run from source, the worker starts in plain JavaScript, which registers tsx in its thread and then loads the
 * TypeScript entry; built (`bundling/build-server.ts`), the entry is JavaScript beside this module.
 */
const bootstrap = new URL(import.meta.url.endsWith('.js') ? './worker-entry.js' : './worker-bootstrap.mjs', import.meta.url)

/** A worker that died without answering: the run is failed as poison and never claimed again. */
export class WorkerDied extends ConnectorError {}

/**
 * The parsing workers, one pool per heap ceiling (Piscina). Starting a worker costs a quarter of a second of CPU
 * (the thread's TypeScript loader, the readers' modules), and a large file is read as dozens of slices: a worker
 * started per slice spent more time starting than reading. Pooled, a worker reads one slice after another and is
 * ended once idle for a moment, so an API that is not importing holds none. A worker that fails (out of memory,
 * out of time, dead) is ended and replaced; the next job never meets what the last one left.
 */
const pools = new Map<number, Piscina<JobTask, JobAnswer>>()

/** How long an idle worker waits for the next slice or file before it ends. */
const idleMs = 2000

function poolFor(memoryMib: number) {
  let pool = pools.get(memoryMib)
  if (!pool) {
    pool = new Piscina<JobTask, JobAnswer>({
      filename: bootstrap.href,
      name: 'runJob',
      minThreads: 0,
      // Connectors read at most two parts at once (runs/connectors/registry.ts); a second run's file waits its turn.
      maxThreads: Math.max(2, availableParallelism()),
      idleTimeout: idleMs,
      resourceLimits: { maxOldGenerationSizeMb: memoryMib },
      execArgv: [],
      // A worker waits for its next job on its port, not in Atomics.wait, so its progress messages flow freely.
      atomics: 'disabled',
    })
    // A worker that fails between jobs fails no job; the pool replaces it.
    pool.on('error', () => {})
    pools.set(memoryMib, pool)
  }
  return pool
}

/**
 * Runs a named parse job in a pooled worker thread with a heap ceiling and a wall-clock limit, and answers its
 * output. `transfer` moves buffers (a file's bytes) to the worker instead of copying them. A file the job refuses, a
 * job out of memory or out of time, and a worker that dies each fail with a ConnectorError saying which.
 */
export async function runParseJob<N extends ParseJobName>(
  job: N,
  input: ParseJobs[N]['input'],
  options: {
    fileName: string
    limits: ParseLimits
    transfer?: ArrayBuffer[]
    /** Told the job's progress; a rejection (the run's lease lost) stops the job and fails it with that error. */
    onProgress?: (processed: number, total: number) => Promise<void>
  },
): Promise<ParseJobs[N]['output']> {
  const { fileName, limits } = options
  const stop = new AbortController()
  const timer = setTimeout(
    () => stop.abort(new ConnectorError('import_timeout', `${fileName}: reading the file took longer than the ${limits.timeoutS} s an import may take (CREDENCE_IMPORT_TIMEOUT_S); nothing was changed.`)),
    limits.timeoutS * 1000,
  )
  const { port1: progress, port2: workerProgress } = new MessageChannel()
  // One report at a time, in order, so a run's progress never moves back.
  let reported: Promise<void> = Promise.resolve()
  progress.on('message', ({ processed, total }: { processed: number; total: number }) => {
    reported = reported.then(() => options.onProgress?.(processed, total)).catch((error: unknown) => stop.abort(error))
  })
  try {
    const answer = await poolFor(limits.memoryMib).run(
      { job, input, fileName, progress: workerProgress },
      { transferList: [...(options.transfer ?? []), workerProgress], signal: stop.signal },
    )
    // The answer comes after the progress reported before it.
    await reported
    if (stop.signal.aborted) throw stop.signal.reason
    if ('refused' in answer) throw new ConnectorError(answer.refused.code, answer.refused.message)
    if ('failed' in answer) throw new ConnectorError('source_unreadable', `${fileName} could not be read: ${answer.failed}`)
    return answer.output as ParseJobs[N]['output']
  } catch (error) {
    if (stop.signal.aborted) throw stop.signal.reason
    if (error instanceof ConnectorError) throw error
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      throw new ConnectorError('file_too_large', `${fileName}: reading the file needed more than the ${limits.memoryMib} MiB an import may use (CREDENCE_IMPORT_WORKER_MIB); nothing was changed.`)
    }
    throw new WorkerDied('poison', `${fileName}: the worker reading the file died (${(error as Error).message}); the run will not be tried again.`)
  } finally {
    clearTimeout(timer)
    progress.close()
  }
}
