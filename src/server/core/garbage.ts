import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Collect = (options?: { type: 'minor' | 'major' }) => void

let collect: Collect | undefined

/**
 * The collector's handle: Node gives it only behind a flag, which is set here rather than on every command line
 * that starts the API.
 */
function collector(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as Collect
  }
  return collect
}

/** Above this much memory held by JavaScript after a large piece of work, what the work left behind is collected at once. */
const collectAboveBytes = 256 * 1024 * 1024

/**
 * Large pieces of work leave hundreds of megabytes behind, which V8 collects only when the heap next grows, so an
 * API idle afterwards holds them for hours. A run over a large export leaves its records (their ids on the heap,
 * their lines in the byte buffers the parsing workers handed over); reading a catalogue of 100,000 projects leaves
 * some 400 MB of rows read in pages, and the ranking's candidate pool built over it 200 MB more (measured: the
 * API's resident memory went from 430 MB to 1,100 MB over the first visits of a started API, and back to 520 MB
 * once collected). Called once such work is done, when none of it is still reachable: collecting a heap that is
 * mostly garbage takes tens of milliseconds. Buffers (PGlite's memory among them) are counted with the heap: they
 * are freed only by a collection, yet do not count towards one.
 */
export function collectLeavings() {
  const { heapUsed, external } = process.memoryUsage()
  if (heapUsed + external >= collectAboveBytes) collector()()
}

/**
 * A full collection, now. Each COPY block on the embedded store leaves its bytes behind in buffers V8 does not
 * weigh against its heap, so they wait for a collection that a run's writing never prompts: half a gigabyte piled
 * up over a million records, and once freed the allocator kept that memory resident (1.1 GB loaded against 0.7
 * GB when collected as the run writes). The embedded store's thread calls it every 128 MB of COPY data; its heap
 * holds little else, so it takes tens of milliseconds there.
 */
export function collectGarbage() {
  collector()()
}

/**
 * A collection of the young generation only, a few milliseconds whatever the heap holds. Each COPY block the API's
 * thread hands the embedded store's thread is a Blob whose bytes V8 does not weigh, dead a statement later: a
 * scavenge frees them, without the full collection that, with a large run's records live, held the thread for up
 * to 400 ms. The embedded store's driver calls it every 128 MB of COPY data, and a parsing worker after each job,
 * whose slice's rows and records die young (`runs/parse/worker-entry.ts`).
 */
export function collectYoungGarbage() {
  collector()({ type: 'minor' })
}
