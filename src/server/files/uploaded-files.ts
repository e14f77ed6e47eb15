import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { newId } from '../core/ids'
import { findFile, insertFile, legacyFileContent } from '../db/queries/files'
import { scoped } from '../db/queries/scoped'
import type { Database, Dataset } from '../db/schema'
import { ChunkTableStore, FolderStore, type ContentStore } from './content-stores'

/** An upload as the API describes it. */
export interface UploadedFileDescription {
  id: string
  name: string
  bytes: number
  sha256: string
  created_at: Date
  credential: string
}

/** An uploaded file's bytes, as a run reads them. */
export interface UploadedFileContent {
  name: string
  bytes: Uint8Array
  createdAt: Date
}

/** Who uploads: the dataset the upload belongs to and the credential's fingerprint. */
export interface Uploader {
  dataset: Dataset
  id: string
}

export interface SandboxUploadLimits {
  /** Bytes one sandbox key may hold at once (CREDENCE_SANDBOX_UPLOAD_MIB). */
  bytesPerKey: number
  /** How long a sandbox upload is held at most, run or not (CREDENCE_SANDBOX_UPLOAD_HOLD_S). */
  holdMs: number
}

/** A sandbox key already holds as much as it may: retry once the oldest of its uploads is let go. */
export class SandboxUploadsFull extends Error {
  constructor(
    readonly limitBytes: number,
    readonly retryAfterS: number,
  ) {
    super(`sandbox uploads are limited to ${limitBytes / 1024 / 1024} MiB held at a time per key`)
  }
}

export class EmptyUpload extends Error {}

interface HeldUpload extends UploadedFileDescription {
  /** When it is let go if no run has ended with it before. */
  expiresAt: number
}

/**
 * Every upload, received as a stream and stored as it arrives, and read back by the run that imports it.
 *
 * Live uploads are kept where every API process can read them: files in the data folder on the embedded store
 * (its folder has one owner), chunks in a table on PostgreSQL; their descriptions are rows of `files`.
 * Sandbox uploads promise no lasting side effects: they are held in a temporary folder of the process that
 * received them, never in the database, until a run that read them ends or the hold runs out, within a quota
 * per key; a restart forgets them. On PostgreSQL with several processes, a sandbox run is executed by whichever
 * process claims it, which may not hold its file: that run fails saying the upload is gone.
 */
export class UploadedFiles {
  private readonly sandbox = new Map<string, HeldUpload>()
  private readonly sandboxStore: FolderStore
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly db: Kysely<Database>,
    private readonly live: ContentStore,
    private readonly limits: SandboxUploadLimits,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.sandboxStore = new FolderStore(mkdtempSync(join(tmpdir(), 'credence-sandbox-uploads-')))
    this.sweeper = setInterval(() => void this.letGoExpired(), Math.min(60_000, Math.max(1000, limits.holdMs / 4)))
    this.sweeper.unref()
  }

  /** The store for this database: the data folder's `uploads/` when embedded in a folder, else chunks in PostgreSQL. */
  static for(db: Kysely<Database>, where: { engine: 'pglite' | 'postgresql'; dataDir: string }, limits: SandboxUploadLimits, now?: () => Date) {
    const live =
      where.engine === 'postgresql'
        ? new ChunkTableStore(scoped(db, 'live'))
        : new FolderStore(where.dataDir === 'memory://' ? mkdtempSync(join(tmpdir(), 'credence-uploads-')) : join(where.dataDir, 'uploads'))
    return new UploadedFiles(db, live, limits, now)
  }

  /**
   * Stores a file's bytes as they stream in, counting and hashing them on the way. `declaredBytes` (a
   * Content-Length) lets a sandbox upload that cannot fit be refused before its body is read.
   */
  async receive(uploader: Uploader, name: string, body: AsyncIterable<Uint8Array>, declaredBytes = 0): Promise<UploadedFileDescription> {
    const id = newId('file')
    const sandboxed = uploader.dataset === 'sandbox'
    const room = sandboxed ? this.limits.bytesPerKey - this.heldBy(uploader.id) : Infinity
    if (declaredBytes > room) throw this.full(uploader.id)
    const hash = createHash('sha256')
    let bytes = 0
    const full = () => this.full(uploader.id)
    async function* measured() {
      for await (const piece of body) {
        bytes += piece.byteLength
        if (bytes > room) throw full()
        hash.update(piece)
        yield piece
      }
    }
    const store = sandboxed ? this.sandboxStore : this.live
    await store.write(id, measured())
    if (bytes === 0) {
      await store.remove(id)
      throw new EmptyUpload('The file is empty')
    }
    const description = { id, name, bytes, sha256: hash.digest('hex'), created_at: this.now(), credential: uploader.id }
    if (sandboxed) {
      this.sandbox.set(id, { ...description, expiresAt: this.now().getTime() + this.limits.holdMs })
      return description
    }
    try {
      const row = await insertFile(scoped(this.db, 'live'), { ...description, content: null })
      return { ...row, created_at: new Date(row.created_at) }
    } catch (error) {
      await store.remove(id)
      throw error
    }
  }

  /** An upload's description, or undefined when there is none (or no longer) in this dataset. */
  async describe(dataset: Dataset, id: string): Promise<UploadedFileDescription | undefined> {
    if (dataset === 'sandbox') {
      const held = this.sandbox.get(id)
      return held && { id: held.id, name: held.name, bytes: held.bytes, sha256: held.sha256, created_at: held.created_at, credential: held.credential }
    }
    const row = await findFile(scoped(this.db, dataset), id)
    return row && { ...row, created_at: new Date(row.created_at) }
  }

  /** The bytes of an upload a run imports, or null when it is gone. Runs read uploads through here alone. */
  async read(dataset: Dataset, id: string): Promise<UploadedFileContent | null> {
    const description = await this.describe(dataset, id)
    if (!description) return null
    const bytes =
      dataset === 'sandbox' ? await this.sandboxStore.read(id) : ((await this.live.read(id)) ?? (await legacyFileContent(scoped(this.db, dataset), id)))
    return bytes && { name: description.name, bytes, createdAt: description.created_at }
  }

  /** Called when a run that read an upload has ended, whatever its outcome: a sandbox upload is let go then. */
  async release(dataset: Dataset, id: string): Promise<void> {
    if (dataset === 'sandbox') await this.letGo(id)
  }

  /** Lets every sandbox upload go and removes their folder, as a stopping process must. */
  close() {
    clearInterval(this.sweeper)
    this.sandbox.clear()
    rmSync(this.sandboxStore.dir, { recursive: true, force: true })
  }

  private heldBy(credential: string) {
    let total = 0
    for (const held of this.sandbox.values()) if (held.credential === credential) total += held.bytes
    return total
  }

  private full(credential: string) {
    const oldest = Math.min(...[...this.sandbox.values()].filter((h) => h.credential === credential).map((h) => h.expiresAt))
    const waitMs = Number.isFinite(oldest) ? oldest - this.now().getTime() : 1000
    return new SandboxUploadsFull(this.limits.bytesPerKey, Math.max(1, Math.ceil(waitMs / 1000)))
  }

  private async letGo(id: string) {
    this.sandbox.delete(id)
    await this.sandboxStore.remove(id)
  }

  private async letGoExpired() {
    const now = this.now().getTime()
    for (const held of [...this.sandbox.values()]) if (held.expiresAt <= now) await this.letGo(held.id).catch(() => undefined)
  }
}
