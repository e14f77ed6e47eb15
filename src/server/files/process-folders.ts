import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { isAlive, startTimeOf } from '../db/engine/embedded-lock'

/**
 * Temporary folders owned by one API process: its sandbox uploads, and the live uploads of a database kept in
 * memory. A process stopped cleanly removes its own; one killed or crashed cannot, so each folder's name says whose
 * it is (`credence-<kind>.<pid>.<start time>.<host>.<random>`), and a process starting later removes those whose
 * owner is gone, the way a stale data-folder lock is told apart (db/engine/embedded-lock.ts): never a live process's.
 */
const hostTag = createHash('sha256').update(hostname()).digest('hex').slice(0, 8)

/** What a process keeps in a folder of its own: the API's uploads, and a test run's temporary files. */
export type FolderKind = 'sandbox-uploads' | 'uploads' | 'test-run'
const ownedFolder = /^credence-([a-z-]+)\.(\d+)\.(\d*)\.([0-9a-f]{8})\.[A-Za-z0-9]{6}$/

export function processFolder(kind: FolderKind): string {
  return mkdtempSync(join(tmpdir(), `credence-${kind}.${process.pid}.${startTimeOf(process.pid) ?? ''}.${hostTag}.`))
}

/** Removes the temporary folders of these kinds whose processes are no longer alive; returns their names. */
export function removeFoldersOfDeadProcesses(kinds: readonly FolderKind[] = ['sandbox-uploads', 'uploads']): string[] {
  let names: string[]
  try {
    names = readdirSync(tmpdir())
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const owner = ownedFolder.exec(name)
    if (!owner || !kinds.includes(owner[1] as FolderKind)) continue
    // A folder made on another host (a shared temporary folder) names a process this one cannot see: it stays.
    const host = owner[4] === hostTag ? hostname() : `another host (${owner[4]})`
    if (isAlive({ pid: Number(owner[2]), started: owner[3] || null, host })) continue
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
      removed.push(name)
    } catch {
      // Another user's folder, or one removed meanwhile by another starting process: not ours to insist on.
    }
  }
  return removed
}
