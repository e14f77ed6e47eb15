import { parentPort, workerData } from 'node:worker_threads'
import { jobNamed, refusalOf } from './jobs'

/**
 * The parsing worker: runs one named parse job on the data it was started with, posts its progress and then the
 * answer (or why the file was refused), and ends. It lives in a thread of its own with a heap ceiling, so a hostile file can exhaust
 * only this thread, never the one answering requests.
 */
const { job, input, fileName } = workerData as { job: string; input: unknown; fileName: string }
const run = jobNamed(job)
if (!run) {
  parentPort?.postMessage({ refused: { code: 'no_connector', message: `No parse job is called ${job}.` } })
} else {
  // A job tells how far it got; the run's progress follows it.
  const progress = (processed: number, total: number) => parentPort?.postMessage({ progress: { processed, total } })
  run(input, progress).then(
    (output) => parentPort?.postMessage({ output }),
    (error: unknown) => {
      const refused = refusalOf(error, fileName)
      parentPort?.postMessage(refused ? { refused } : { failed: (error as Error)?.message ?? String(error) })
    },
  )
}
