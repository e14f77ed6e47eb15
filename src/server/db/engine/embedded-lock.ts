import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * One owner for an embedded data folder. PGlite keeps the database in this process's memory and writes it to
 * the folder: a second process on the same folder would run a second, diverging copy and overwrite the first's
 * writes. So the first process creates `credence.lock` (O_EXCL: exactly one creator wins) naming itself, and a
 * second finds it and stops. A lock whose process is gone (killed with `kill -9`, the machine restarted) is
 * stale and taken over, so a crash never blocks the next start.
 */
export interface LockHolder {
  pid: number
  host: string
  /** The process's start time in clock ticks since boot (Linux), so a recycled pid is not mistaken for the holder. */
  started: string | null
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`
    super(
      `The embedded database in ${dataDir} is in use by another Credence API (${where}); one process owns an embedded ` +
        `database at a time, and a second would lose data.\n` +
        `To share it: point this one at the running API with CREDENCE_API_URL (for npm run dev: ` +
        `CREDENCE_API_URL=http://127.0.0.1:8787 npm run dev, with that API's port), or run every process on ` +
        `PostgreSQL with DATABASE_URL. To start a separate store, set CREDENCE_DATA_DIR to another folder.`,
    )
  }
}

export const lockFileName = 'credence.lock'

/** Field 22 of /proc/<pid>/stat; null where there is no /proc. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

export function isAlive(holder: LockHolder): boolean {
  // Another host's process cannot be seen from here (a folder on a shared disk): held until it says otherwise.
  if (holder.host !== hostname()) return true
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const started = startTimeOf(holder.pid)
  return holder.started === null || started === null || started === holder.started
}

function readHolder(path: string): { text: string; holder: LockHolder | null } {
  const text = readFileSync(path, 'utf8')
  try {
    return { text, holder: JSON.parse(text) as LockHolder }
  } catch {
    // Cut off while being written by a process that died at that instant: nobody holds it.
    return { text, holder: null }
  }
}

/** Takes the folder's lock or throws DataDirInUse; returns the release, for a clean shutdown. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, lockFileName)
  const me: LockHolder = { pid: process.pid, host: hostname(), started: startTimeOf(process.pid) }
  const mine = JSON.stringify(me)
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, mine)
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let found
    try {
      found = readHolder(path)
    } catch {
      continue // released between our attempt and the read
    }
    if (found.holder && isAlive(found.holder)) throw new DataDirInUse(resolve(dataDir), found.holder)
    // Stale. Moved aside rather than deleted, then checked, so two processes taking it over at once cannot
    // remove each other's fresh lock: whoever moved a lock that was not the stale one puts it back.
    const aside = `${path}.stale-${process.pid}`
    try {
      renameSync(path, aside)
    } catch {
      continue
    }
    if (readFileSync(aside, 'utf8') !== found.text) {
      try {
        linkSync(aside, path)
      } catch {
        // someone else holds it now; the next attempt reads them
      }
    }
    unlinkSync(aside)
  }
  const found = readHolder(path)
  throw new DataDirInUse(resolve(dataDir), found.holder ?? { pid: 0, host: 'unknown', started: null })
}
