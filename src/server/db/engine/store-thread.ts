import { parentPort, workerData } from 'node:worker_threads'
import { collectGarbage } from '../../core/garbage'
import { openPGlite } from './pglite-template'
import { copiedBytesPerCollection, type StatementMessage, type StoreErrorFields, type StoreThreadData, type StoreThreadMessage } from './store-messages'

/**
 * The embedded store's thread: PGlite runs here, so a statement that computes for seconds (an index built over a
 * million records, a deep page) holds this thread, not the one that answers requests. Statements come one at a
 * time from the API's thread (embedded-store.ts), which also decides whose turn it is.
 */

/**
 * How long the thread waits, idle after COPY data, before collecting what the last blocks left (up to 128 MB, which
 * an idle thread would otherwise keep resident for hours).
 */
const idleCollectionMs = 1000

const port = parentPort!
const post = (message: StoreThreadMessage) => port.postMessage(message)
const { dataDir, template } = workerData as StoreThreadData

/** A PostgreSQL error's fields, as plain values that cross to the other thread. */
function errorFields(error: unknown): StoreErrorFields {
  const fields: StoreErrorFields = { message: (error as Error)?.message ?? String(error) }
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  return fields
}

try {
  const pg = await openPGlite(dataDir, template)
  let copiedBytes = 0
  let idle: NodeJS.Timeout | undefined
  port.on('message', async (message: StatementMessage | { close: true }) => {
    clearTimeout(idle)
    if ('close' in message) {
      await pg.close().catch(() => {})
      post({ closed: true })
      return
    }
    const { id, sql, parameters, blob } = message
    if (blob && (copiedBytes += blob.size) >= copiedBytesPerCollection) {
      copiedBytes = 0
      collectGarbage()
    }
    try {
      const result = await pg.query(sql, parameters, { rowMode: 'object', ...(blob && { blob }) })
      post({ id, rows: result.rows, affectedRows: result.affectedRows })
    } catch (error) {
      post({ id, error: errorFields(error) })
    }
    if (copiedBytes > 0) {
      idle = setTimeout(() => {
        copiedBytes = 0
        collectGarbage()
      }, idleCollectionMs)
      idle.unref()
    }
  })
  post({ opened: true })
} catch (error) {
  post({ failedToOpen: (error as Error).message })
}
