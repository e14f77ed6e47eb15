import { Worker } from 'node:worker_threads'
import { storeStoppedMessage, type StatementMessage, type StoreAnswer, type StoreErrorFields, type StoreThreadData, type StoreThreadMessage } from './store-messages'

/**
 * Run from source, the thread starts in plain JavaScript, which registers tsx in its thread and then loads the
 * TypeScript entry; built (`bundling/build-server.ts`), the entry is JavaScript beside this module.
 */
const built = import.meta.url.endsWith('.js')
const bootstrap = new URL(built ? './store-thread.js' : './store-thread-bootstrap.mjs', import.meta.url)
const entry = new URL('./store-thread.ts', import.meta.url).href

/** An error of PostgreSQL's, rebuilt on this side with its fields (`code`, `detail`, …) as PGlite gave them. */
function storeError(fields: StoreErrorFields): Error {
  return Object.assign(new Error(fields.message), fields)
}

/**
 * The embedded store (PGlite), run in a thread of its own (store-thread.ts). PGlite computes in WebAssembly on the
 * thread that calls it: on the API's own thread, an index built over a million records or a large COPY would stop
 * every request for as long, even those answered from memory. Here the API's thread only posts statements and
 * reads answers. A statement's rows cross as structured clones; a COPY's Blob crosses without being copied.
 */
export class EmbeddedStore {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (answer: { rows: unknown[]; affectedRows?: number }) => void; reject: (error: Error) => void }>()
  private stopped: Error | null = null
  private closing: Promise<void> | undefined

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: StoreThreadMessage) => {
      if (!('id' in message)) return
      this.settle(message)
    })
    worker.on('error', (error) => this.stop(new Error(`${storeStoppedMessage}: ${error.message}`)))
    worker.on('exit', (code) => this.stop(new Error(`${storeStoppedMessage} (exit ${code})`)))
    // Idle, the thread does not keep the process alive; a statement under way does.
    worker.unref()
  }

  /** Opens the store in `dataDir` (a template for a new one, see pglite-template.ts) in its own thread. */
  static async open(dataDir: string, template: string | null): Promise<EmbeddedStore> {
    const workerData: StoreThreadData = { entry, dataDir, template }
    const worker = new Worker(bootstrap, { workerData, execArgv: [] })
    await new Promise<void>((resolve, reject) => {
      const opened = (message: StoreThreadMessage) => {
        if ('opened' in message) resolve()
        else if ('failedToOpen' in message) reject(new Error(`The embedded store could not be opened: ${message.failedToOpen}`))
        else return
        worker.off('message', opened)
        worker.off('exit', exited)
      }
      const exited = (code: number) => reject(new Error(`${storeStoppedMessage} while opening (exit ${code})`))
      worker.on('message', opened)
      worker.once('exit', exited)
    }).catch(async (error: Error) => {
      await worker.terminate()
      throw error
    })
    return new EmbeddedStore(worker)
  }

  query(sql: string, parameters: unknown[], blob?: Blob): Promise<{ rows: unknown[]; affectedRows?: number }> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.nextId++
    const message: StatementMessage = { id, sql, parameters, ...(blob && { blob }) }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      if (this.pending.size === 1) this.worker.ref()
      this.worker.postMessage(message)
    })
  }

  /** Closes the store (PGlite writes what it holds to its folder) and ends its thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.stopped) {
        this.worker.ref()
        await new Promise<void>((resolve) => {
          this.worker.on('message', (message: StoreThreadMessage) => 'closed' in message && resolve())
          this.worker.once('exit', () => resolve())
          this.worker.postMessage({ close: true })
        })
      }
      this.stop(new Error(`${storeStoppedMessage}: it was closed`))
      await this.worker.terminate()
    })()
    return this.closing
  }

  private settle(answer: StoreAnswer) {
    const waiting = this.pending.get(answer.id)
    if (!waiting) return
    this.pending.delete(answer.id)
    if (this.pending.size === 0) this.worker.unref()
    if ('error' in answer) waiting.reject(storeError(answer.error))
    else waiting.resolve(answer)
  }

  private stop(error: Error) {
    this.stopped ??= error
    for (const waiting of this.pending.values()) waiting.reject(this.stopped)
    this.pending.clear()
  }
}
