import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { deleteFileChunks, deleteStrayChunks, fileChunks, insertFileChunk } from '../db/queries/files'
import type { ScopedDb } from '../db/queries/scoped'

/** Where an upload's bytes are kept, written as they arrive and read whole by the run that imports them. */
export interface ContentStore {
  /** Writes the bytes as they come; if they fail part way, what was written is removed. */
  write(id: string, body: AsyncIterable<Uint8Array>): Promise<void>
  read(id: string): Promise<Uint8Array | null>
  remove(id: string): Promise<void>
  /**
   * Removes bytes older than `before` that no upload owns (`described` says which ids still have a description):
   * left by a process stopped between writing them and describing them, or part way through writing.
   */
  removeStrays(before: Date, described: (ids: string[]) => Promise<Set<string>>): Promise<number>
}

/** Ids are made by the API (`file_…`), never taken from a client; checked again before they name a path. */
const safeId = (id: string) => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`not a file id: ${id.slice(0, 80)}`)
  return id
}

/**
 * Files in a folder: for the embedded store (the data folder has one owner process) and for the sandbox's
 * uploads (a temporary folder of the process that received them). Disk writes leave the request thread free.
 */
export class FolderStore implements ContentStore {
  constructor(readonly dir: string) {}

  async write(id: string, body: AsyncIterable<Uint8Array>) {
    await mkdir(this.dir, { recursive: true })
    const part = join(this.dir, `${safeId(id)}.part`)
    try {
      await pipeline(Readable.from(body), createWriteStream(part))
      await rename(part, join(this.dir, id))
    } catch (error) {
      await rm(part, { force: true })
      throw error
    }
  }

  /**
   * The whole file in as few reads as the system allows, not readFile's half-megabyte chunks: each chunk waits its
   * turn on the request thread, which a large import keeps busy, so a 60 MB export read in chunks took seconds.
   */
  async read(id: string) {
    let handle: FileHandle
    try {
      handle = await open(join(this.dir, safeId(id)), 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    try {
      const { size } = await handle.stat()
      const bytes = new Uint8Array(size)
      let done = 0
      for (let read = -1; done < size && read !== 0; done += read) read = (await handle.read(bytes, done, size - done, done)).bytesRead
      return done === size ? bytes : bytes.subarray(0, done)
    } finally {
      await handle.close()
    }
  }

  async remove(id: string) {
    await rm(join(this.dir, safeId(id)), { force: true })
  }

  async removeStrays(before: Date, described: (ids: string[]) => Promise<Set<string>>) {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
      throw error
    }
    const old: string[] = []
    for (const name of names) {
      const modified = await stat(join(this.dir, name)).then((s) => s.mtime, () => null)
      if (modified && modified < before) old.push(name)
    }
    const kept = await described(old.filter((name) => !name.endsWith('.part')))
    const strays = old.filter((name) => !kept.has(name))
    for (const name of strays) await rm(join(this.dir, name), { force: true })
    return strays.length
  }
}

/** Bytes per chunk row: a megabyte keeps rows small for PostgreSQL and statements few. */
const chunkBytes = 1024 * 1024

/** Chunks in a table, for PostgreSQL, where every API process must read an upload whichever received it. */
export class ChunkTableStore implements ContentStore {
  constructor(private readonly db: ScopedDb) {}

  async write(id: string, body: AsyncIterable<Uint8Array>) {
    let seq = 0
    let pending: Uint8Array[] = []
    let size = 0
    const flush = async () => {
      if (size === 0) return
      await insertFileChunk(this.db, id, seq++, Buffer.concat(pending, size))
      pending = []
      size = 0
    }
    try {
      for await (const piece of body) {
        pending.push(piece)
        size += piece.byteLength
        if (size >= chunkBytes) await flush()
      }
      await flush()
    } catch (error) {
      await deleteFileChunks(this.db, id)
      throw error
    }
  }

  async read(id: string) {
    const chunks = await fileChunks(this.db, id)
    return chunks.length === 0 ? null : new Uint8Array(Buffer.concat(chunks))
  }

  async remove(id: string) {
    await deleteFileChunks(this.db, id)
  }

  async removeStrays(before: Date) {
    return deleteStrayChunks(this.db, before)
  }
}
