import { Worker } from 'node:worker_threads'
import { ConnectorError } from '../connector'
import type { ParseJobName, ParseJobs, ParseRefusal } from './jobs'

export interface ParseLimits {
  /** The worker's heap ceiling (CREDENCE_IMPORT_WORKER_MIB). */
  memoryMib: number
  /** How long the job may take before its worker is terminated (CREDENCE_IMPORT_TIMEOUT_S). */
  timeoutS: number
}

/** The worker starts in plain JavaScript, which registers tsx in its thread and then loads the TypeScript entry. */
const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url)
const entry = new URL('./worker-entry.ts', import.meta.url).href

/** A worker that died without answering: the run is failed as poison and never claimed again. */
export class WorkerDied extends ConnectorError {}

/**
 * Runs a named parse job in a worker thread with a heap ceiling and a wall-clock limit, and answers its output.
 * `transfer` moves buffers (a file's bytes) to the worker instead of copying them. A file the job refuses, a job
 * out of memory or out of time, and a worker that dies each fail with a ConnectorError saying which.
 */
export function runParseJob<N extends ParseJobName>(
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
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, {
      workerData: { entry, job, input, fileName },
      transferList: options.transfer,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMib },
      stdout: false,
      stderr: false,
    })
    let settled = false
    let reported: Promise<void> = Promise.resolve()
    let answered = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
      void worker.terminate()
    }
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ConnectorError(
              'import_timeout',
              `${fileName}: reading the file took longer than the ${limits.timeoutS} s an import may take (CREDENCE_IMPORT_TIMEOUT_S); nothing was changed.`,
            ),
          ),
        ),
      limits.timeoutS * 1000,
    )
    worker.on('message', (message: { output?: ParseJobs[N]['output']; refused?: ParseRefusal; failed?: string; progress?: { processed: number; total: number } }) => {
      if (message.progress) {
        const { processed, total } = message.progress
        // One report at a time, in order, so a run's progress never moves back.
        reported = reported.then(() => options.onProgress?.(processed, total)).catch((error: unknown) => settle(() => reject(error)))
        return
      }
      // The answer comes after the progress reported before it; the thread may end meanwhile.
      answered = true
      void reported.then(() => settle(() => {
        if (message.refused) reject(new ConnectorError(message.refused.code, message.refused.message))
        else if (message.failed !== undefined) reject(new ConnectorError('source_unreadable', `${fileName} could not be read: ${message.failed}`))
        else resolve(message.output as ParseJobs[N]['output'])
      }))
    })
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ConnectorError(
                'file_too_large',
                `${fileName}: reading the file needed more than the ${limits.memoryMib} MiB an import may use (CREDENCE_IMPORT_WORKER_MIB); nothing was changed.`,
              )
            : new WorkerDied('poison', `${fileName}: the worker reading the file died (${error.message}); the run will not be tried again.`),
        ),
      ),
    )
    worker.on('exit', (code) =>
      answered ||
      settle(() => reject(new WorkerDied('poison', `${fileName}: the worker reading the file stopped (exit ${code}) without an answer; the run will not be tried again.`))),
    )
  })
}
