import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startApiServer } from '../support/api-server'
import { writeTransactions } from '../support/verra-transactions'
import { importToEnd, rssMb, uploadPath } from './bench-imports'
import { withHeartbeat } from './stalls'

/**
 * One registry file of `rows` rows (Verra's transactions, short rows: a million take about 54 MB, within the
 * 64 MiB an upload may hold) uploaded and imported in one run into an empty store, on the embedded default: how
 * long the run took and the CPU the API spent meanwhile, the records it created, the API's resident memory at its
 * peak (sampled every 250 ms) and a second after the run, and the longest a one-row project list waited meanwhile
 * (`stalls.ts`).
 */
export async function measureSingleFileImport(options: { rows: number }) {
  const folder = mkdtempSync(join(tmpdir(), 'credence-single-file-bench-'))
  const server = await startApiServer({ env: { CREDENCE_LOG: 'silent', CREDENCE_RUN_STEP_MS: '0' } })
  try {
    const path = join(folder, 'transactions.csv')
    await writeTransactions(path, options.rows)
    const fileId = await uploadPath(server.url, path)
    const started = performance.now()
    const {
      result: { run, peakRssMb, cpuS },
      longestMs,
    } = await withHeartbeat(server.url, () => importToEnd({ url: server.url, pid: server.process.pid! }, { source: 'src_verra', file_id: fileId }))
    const importS = Math.round((performance.now() - started) / 100) / 10
    // Once the run is over and the API has had a moment to collect what the run left behind.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const rssLoadedMb = rssMb(server.process.pid!)
    const measured = { rows: options.rows, importS, cpuS, peakRssMb, rssLoadedMb, longestWaitMs: longestMs }
    if (run.state === 'failed') return { ...measured, failed: run.error?.message ?? 'failed' }
    // The run's own count: the credits list's total is the planner's estimate past a bound.
    return { ...measured, records: run.counts_by_kind?.records?.created ?? 0 }
  } finally {
    await server.stop()
    rmSync(folder, { recursive: true, force: true })
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}
