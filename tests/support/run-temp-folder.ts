import { chmodSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { processFolder, removeFoldersOfDeadProcesses } from '../../src/server/files/process-folders'

const folderVariable = 'CREDENCE_TEST_RUN_TMP'

/**
 * Points this run's temporary files into one folder of its own, removed when the run ends: the test servers' data
 * folders and uploads, the stores made by suites, whatever the API processes write to the system's temp folder
 * (TMPDIR, which os.tmpdir() reads, passes to every worker and process the run starts). A suite that stops a server
 * mid-test cannot always remove what it made; the run removes it all. Nested setups share the first one's folder.
 * A run that was killed cannot remove its own (one left 4.2 GB): its folder names its process, as the API's upload
 * folders do (src/server/files/process-folders.ts), and the next run removes the folders of runs no longer alive.
 */
export function keepRunTempFolder(): () => Promise<void> {
  if (process.env[folderVariable]) return async () => {}
  removeFoldersOfDeadProcesses(['test-run'])
  const folder = processFolder('test-run')
  // As open as the system's own: a private PostgreSQL cluster made in it runs as the postgres user.
  chmodSync(folder, 0o1777)
  const before = process.env.TMPDIR
  process.env[folderVariable] = folder
  process.env.TMPDIR = folder
  return async () => {
    delete process.env[folderVariable]
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    // Removed through libuv's threads, several files at once: a server run's hundred stores of 1,188 files each took
    // its process 7.4 s to remove one file after another, and 20 of them 3.2 s against 2.2 s so (29 Nov 2026).
    await rm(folder, { recursive: true, force: true })
  }
}
