import { parentPort, workerData } from 'node:worker_threads'
import { jobNamed, refusalOf } from './jobs'

/** The buffers of the typed arrays in a job's output, found in its objects and in arrays of typed arrays. */
function buffersIn(value: unknown, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) found.add(value.buffer)
  } else if (Array.isArray(value)) {
    if (ArrayBuffer.isView(value[0])) for (const item of value) buffersIn(item, found)
  } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) buffersIn(item, found)
  }
  return [...found]
}

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
    // The output's byte arrays are moved to the request thread, not copied.
    (output) => parentPort?.postMessage({ output }, buffersIn(output)),
    (error: unknown) => {
      const refused = refusalOf(error, fileName)
      parentPort?.postMessage(refused ? { refused } : { failed: (error as Error)?.message ?? String(error) })
    },
  )
}
