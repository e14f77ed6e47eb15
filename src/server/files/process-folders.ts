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
const ownedFolder = /^credence-(?:sandbox-uploads|uploads)\.(\d+)\.(\d*)\.([0-9a-f]{8})\.[A-Za-z0-9]{6}$/

export function processFolder(kind: 'sandbox-uploads' | 'uploads'): string {
  return mkdtempSync(join(tmpdir(), `credence-${kind}.${process.pid}.${startTimeOf(process.pid) ?? ''}.${hostTag}.`))
}

/** Removes the temporary folders of processes no longer alive; returns their names. */
export function removeFoldersOfDeadProcesses(): string[] {
  let names: string[]
  try {
    names = readdirSync(tmpdir())
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const owner = ownedFolder.exec(name)
    if (!owner) continue
    // A folder made on another host (a shared temporary folder) names a process this one cannot see: it stays.
    const host = owner[3] === hostTag ? hostname() : `another host (${owner[3]})`
    if (isAlive({ pid: Number(owner[1]), started: owner[2] || null, host })) continue
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true })
      removed.push(name)
    } catch {
      // Another user's folder, or one removed meanwhile by another starting process: not ours to insist on.
    }
  }
  return removed
}
