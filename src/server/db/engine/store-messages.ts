/** What the API's thread and the embedded store's thread say to each other (embedded-store.ts, store-thread.ts). */

export interface StoreThreadData {
  entry: string
  dataDir: string
  template: string | null
}

/** A statement, its parameters, and with `copy … from '/dev/blob'` the data COPY reads. */
export interface StatementMessage {
  id: number
  sql: string
  parameters: unknown[]
  blob?: Blob
}

/** An error as PostgreSQL gave it: its message and its fields (`code` above all, which the API's answers turn on). */
export type StoreErrorFields = { message: string } & Record<string, string | number | undefined>

export type StoreAnswer =
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: StoreErrorFields }

export type StoreThreadMessage = StoreAnswer | { opened: true } | { failedToOpen: string } | { closed: true }

/** Said of every statement once the store's thread has stopped; db/engine/unavailable.ts knows it. */
export const storeStoppedMessage = "The embedded store's thread has stopped"

/**
 * Bytes of COPY data between collections, on each side of the store's thread: each block is a Blob whose bytes V8
 * does not weigh against its heap (the API's thread hands it over, PGlite copies it into a buffer of its own), so
 * without a collection now and then they pile up for as long as a run writes.
 */
export const copiedBytesPerCollection = 128 * 1024 * 1024
