import type { MessagePort } from 'node:worker_threads'
import { move, transferableSymbol, valueSymbol } from 'piscina'
import { collectLeavings, collectYoungGarbage } from '../../core/garbage'
import { jobNamed, refusalOf, type ParseRefusal } from './jobs'

/** What the pool hands a parsing worker: the job's name, its input, the file it reads, and where to tell progress. */
export interface JobTask {
  job: string
  input: unknown
  fileName: string
  progress: MessagePort
}

/** What a job answers: its output, or why the file was refused, or how it failed unexpectedly. */
export type JobAnswer = { output: unknown } | { refused: ParseRefusal } | { failed: string }

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
 * A parsing worker's one task: runs a named parse job on its input, tells its progress on the task's port, and
 * answers its output (or why the file was refused). The worker lives in a thread of its own with a heap ceiling,
 * so a hostile file can exhaust only this thread, never the one answering requests; it stays in the pool for the
 * next file or slice.
 */
export async function runJob({ job, input, fileName, progress }: JobTask) {
  const run = jobNamed(job)
  try {
    if (!run) return { refused: { code: 'no_connector', message: `No parse job is called ${job}.` } } satisfies JobAnswer
    const output = await run(input, (processed, total) => progress.postMessage({ processed, total }))
    // The output's byte arrays are moved to the request thread, not copied.
    return move({ [transferableSymbol]: buffersIn(output), [valueSymbol]: { output } satisfies JobAnswer })
  } catch (error) {
    const refused = refusalOf(error, fileName)
    return (refused ? { refused } : { failed: (error as Error)?.message ?? String(error) }) satisfies JobAnswer
  } finally {
    progress.close()
    // What the job read and built is garbage once its answer is posted, mostly young: collected now, before the next
    // job, by a collection of the young generation, and all of the heap only when it holds 256 MB (a large file read
    // whole). A full collection after every slice cost a third of a second of CPU each, and ages V8's compiled code,
    // which it then compiles again (a million rows in 1 MiB slices: 203 CPU-s against 129 to 132 with this, 28 Nov 2026).
    setImmediate(() => {
      collectYoungGarbage()
      collectLeavings()
    })
  }
}
