import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { maxFileBytes } from '../../api/contract/files'
import { newId } from '../core/ids'
import { deleteFile, deleteFilesUnusedSince, describedFileIds, findFile, insertFile, legacyFileContent } from '../db/queries/files'
import { scoped } from '../db/queries/scoped'
import { datasets, type Database, type Dataset } from '../db/schema'
import { ChunkTableStore, FolderStore, type ContentStore } from './content-stores'
import { processFolder } from './process-folders'
import { SandboxQuota, type QuotaClaim } from './sandbox-quota'

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

export interface UploadLimits {
  /** Bytes one sandbox key may hold at once (CREDENCE_SANDBOX_UPLOAD_MIB). */
  bytesPerKey: number
  /** How long a sandbox upload is held at most, run or not (CREDENCE_SANDBOX_UPLOAD_HOLD_S). */
  holdMs: number
  /** How long a live upload is kept once no run and no one has used it (CREDENCE_UPLOAD_RETENTION_DAYS). */
  retentionMs: number
}

/** Bytes without a description are left this long before they count as strays: an upload may still be arriving. */
const strayAfterMs = 24 * 60 * 60 * 1000
/** How often unneeded uploads are looked for, besides at start. */
const tidyEveryMs = 60 * 60 * 1000

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

/** What a request says of its file's size before the body is read: exactly (Content-Length), or at most. */
export interface UploadSize {
  exactly?: number
  atMost?: number
}

interface HeldUpload extends UploadedFileDescription {
  /** When it is let go if no run has ended with it before. */
  expiresAt: number
  /** Its bytes in its key's quota, given back once they are removed. */
  claim: QuotaClaim
}

/**
 * Every upload, received as a stream and stored as it arrives, and read back by the run that imports it.
 *
 * Live uploads are kept where every API process can read them: files in the data folder on the embedded store
 * (its folder has one owner), chunks in a table on PostgreSQL; their descriptions are rows of `files`. They are
 * removed once unused for the retention period: older than it, and named by no run queued, running, or created or
 * ended within it. Each run keeps its own record of its files (name, size, digest), so it still says what it read.
 * Sandbox uploads promise no lasting side effects: they are held in a temporary folder of the process that
 * received them, never in the database, until a run that read them ends or the hold runs out, within a quota
 * per key claimed before each piece is written; a restart forgets them, and a process that died without
 * stopping has its folder removed by the next one to start (see process-folders.ts). On PostgreSQL with several
 * processes, a sandbox run is executed by whichever process claims it, which may not hold its file: that run
 * fails saying the upload is gone.
 *
 * An upload refused after its bytes were stored (a multipart body found unusable past its file) is discarded:
 * neither its bytes nor its description stay.
 */
export class UploadedFiles {
  private readonly sandbox = new Map<string, HeldUpload>()
  private readonly sandboxStore: FolderStore
  private readonly quota: SandboxQuota
  private readonly sweeper: NodeJS.Timeout
  private readonly tidier: NodeJS.Timeout

  constructor(
    private readonly db: Kysely<Database>,
    private readonly live: ContentStore,
    private readonly limits: UploadLimits,
    private readonly now: () => Date = () => new Date(),
    /** A folder of this process alone that holds the live uploads (a database in memory), removed with it. */
    private readonly liveFolder?: string,
  ) {
    this.sandboxStore = new FolderStore(processFolder('sandbox-uploads'))
    this.quota = new SandboxQuota(limits.bytesPerKey)
    this.sweeper = setInterval(() => void this.letGoExpired(), Math.min(60_000, Math.max(1000, limits.holdMs / 4)))
    this.sweeper.unref()
    // A pass cut short (the database away) is finished by the next: bytes whose description went are strays by then.
    this.tidier = setInterval(() => void this.removeUnneeded().catch(() => undefined), tidyEveryMs)
    this.tidier.unref()
  }

  /** The store for this database: the data folder's `uploads/` when embedded in a folder, else chunks in PostgreSQL. */
  static for(db: Kysely<Database>, where: { engine: 'pglite' | 'postgresql'; dataDir: string }, limits: UploadLimits, now?: () => Date) {
    if (where.engine === 'postgresql') return new UploadedFiles(db, new ChunkTableStore(scoped(db, 'live')), limits, now)
    if (where.dataDir !== 'memory://') return new UploadedFiles(db, new FolderStore(join(where.dataDir, 'uploads')), limits, now)
    const folder = processFolder('uploads')
    return new UploadedFiles(db, new FolderStore(folder), limits, now, folder)
  }

  /**
   * Stores a file's bytes as they stream in, counting and hashing them on the way. A sandbox upload claims room in
   * its key's quota before its body is read: its declared size (a raw body's Content-Length), refused at once when
   * that cannot fit; else its bound (a multipart body's length, or the largest file), or what room is left. Each
   * piece past the claim is claimed before it is written, so uploads side by side never pass the quota together.
   */
  async receive(uploader: Uploader, name: string, body: AsyncIterable<Uint8Array>, size: UploadSize = {}): Promise<UploadedFileDescription> {
    const id = newId('file')
    const sandboxed = uploader.dataset === 'sandbox'
    const claim = !sandboxed
      ? null
      : size.exactly !== undefined
        ? this.quota.claim(uploader.id, size.exactly)
        : this.quota.claimUpTo(uploader.id, Math.min(size.atMost ?? maxFileBytes, maxFileBytes))
    if (sandboxed && !claim) throw this.full(uploader.id)
    const hash = createHash('sha256')
    let bytes = 0
    const full = () => this.full(uploader.id)
    async function* measured() {
      for await (const piece of body) {
        bytes += piece.byteLength
        if (claim && !claim.growTo(bytes)) throw full()
        hash.update(piece)
        yield piece
      }
    }
    const store = sandboxed ? this.sandboxStore : this.live
    let kept = false
    try {
      await store.write(id, measured())
      if (bytes === 0) {
        await store.remove(id)
        throw new EmptyUpload('The file is empty')
      }
      const description = { id, name, bytes, sha256: hash.digest('hex'), created_at: this.now(), credential: uploader.id }
      if (claim) {
        claim.trimTo(bytes)
        this.sandbox.set(id, { ...description, expiresAt: this.now().getTime() + this.limits.holdMs, claim })
        kept = true
        return description
      }
      try {
        const row = await insertFile(scoped(this.db, 'live'), { ...description, content: null })
        return { ...row, created_at: new Date(row.created_at) }
      } catch (error) {
        await store.remove(id)
        throw error
      }
    } finally {
      if (!kept) claim?.release()
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

  /** Undoes an upload refused after it was stored: neither its bytes nor its description stay. */
  async discard(dataset: Dataset, id: string): Promise<void> {
    if (dataset === 'sandbox') return this.letGo(id)
    await deleteFile(scoped(this.db, dataset), id)
    await this.live.remove(id)
  }

  /**
   * Removes the live uploads unused for the retention period (see `deleteFilesUnusedSince`), descriptions first so
   * no run can be started on bytes about to go, and stray bytes no upload owns. Run at start and every hour.
   */
  async removeUnneeded(): Promise<{ uploads: number; strays: number }> {
    const now = this.now().getTime()
    const unusedSince = new Date(now - this.limits.retentionMs)
    const live = scoped(this.db, 'live')
    const expired = await deleteFilesUnusedSince(live, unusedSince)
    for (const id of expired) await this.live.remove(id)
    // The sandbox's files table holds only uploads from before 009, whose bytes are in their rows.
    let uploads = expired.length
    for (const dataset of datasets) if (dataset !== 'live') uploads += (await deleteFilesUnusedSince(scoped(this.db, dataset), unusedSince)).length
    const strays = await this.live.removeStrays(new Date(now - strayAfterMs), (ids) => describedFileIds(live, ids))
    return { uploads, strays }
  }

  /** Lets every sandbox upload go and removes this process's folders, as a stopping process must. */
  close() {
    clearInterval(this.sweeper)
    clearInterval(this.tidier)
    this.sandbox.clear()
    rmSync(this.sandboxStore.dir, { recursive: true, force: true })
    if (this.liveFolder) rmSync(this.liveFolder, { recursive: true, force: true })
  }

  private full(credential: string) {
    const oldest = Math.min(...[...this.sandbox.values()].filter((h) => h.credential === credential).map((h) => h.expiresAt))
    const waitMs = Number.isFinite(oldest) ? oldest - this.now().getTime() : 1000
    return new SandboxUploadsFull(this.limits.bytesPerKey, Math.max(1, Math.ceil(waitMs / 1000)))
  }

  /** Removes a sandbox upload's bytes, then gives its room back: the quota never counts less than is on disk. */
  private async letGo(id: string) {
    const held = this.sandbox.get(id)
    this.sandbox.delete(id)
    try {
      await this.sandboxStore.remove(id)
    } finally {
      held?.claim.release()
    }
  }

  private async letGoExpired() {
    const now = this.now().getTime()
    for (const held of [...this.sandbox.values()]) if (held.expiresAt <= now) await this.letGo(held.id).catch(() => undefined)
  }
}
