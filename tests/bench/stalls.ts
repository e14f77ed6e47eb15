import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { berkeleyFile } from '../support/real-files'
import { startApiServer } from '../support/api-server'

/**
 * The longest wait of a small read (`GET /api/projects?per_page=1`, one every 20 ms) while a 64 MiB upload is
 * received and while Berkeley's file is imported through `POST /api/source-runs`, and that import's wall time.
 * A stall is time the API spends not answering: the budget is 250 ms each.
 */
export const stallBudgetMs = 250
const token = 'dev-access-token'
const auth = { authorization: `Bearer ${token}` }

/** Runs `work` while a one-row project list is read every 20 ms; the longest that read waited, and how many were made. */
export async function withHeartbeat<T>(base: string, work: () => Promise<T>): Promise<{ result: T; longestMs: number; reads: number }> {
  let longestMs = 0
  let reads = 0
  let beating = true
  const heartbeat = (async () => {
    while (beating) {
      const started = performance.now()
      await (await fetch(`${base}/api/projects?per_page=1`, { headers: auth })).arrayBuffer()
      longestMs = Math.max(longestMs, performance.now() - started)
      reads++
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  try {
    return { result: await work(), longestMs: Math.round(longestMs), reads }
  } finally {
    beating = false
    await heartbeat
  }
}

/** Returns once 25 one-row reads in a row, 20 ms apart, have each been answered within 50 ms (after 30 s at most). */
async function settled(base: string): Promise<void> {
  const until = performance.now() + 30_000
  for (let quick = 0; quick < 25 && performance.now() < until; ) {
    const started = performance.now()
    await (await fetch(`${base}/api/projects?per_page=1`, { headers: auth })).arrayBuffer()
    quick = performance.now() - started <= 50 ? quick + 1 : 0
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Sends a file to `POST /api/files` from a Node process of its own, and gives the answer's status. Sent from the
 * process that times the reads, the 64 MiB held that process's own loop, and the reads it timed waited 104 to 128 ms
 * in three runs (2 Dec 2026, idle, the API settled) where the API kept them to 12 to 19 ms.
 */
async function uploadFromAnotherProcess(base: string, path: string): Promise<number> {
  const send = `fetch(process.env.URL, { method: 'POST', headers: { authorization: 'Bearer ${token}', 'content-type': 'application/octet-stream' }, body: require('node:fs').readFileSync(process.env.FILE) }).then(async (answer) => { await answer.arrayBuffer(); process.stdout.write(String(answer.status)) })`
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', send], { env: { ...process.env, URL: `${base}/api/files?name=noise.bin`, FILE: path } })
  return Number(stdout)
}

export async function measureStalls(options: { port?: number } = {}) {
  const vrodFile = berkeleyFile
  const server = await startApiServer({
    projects: 10_000,
    port: options.port,
    env: { CREDENCE_LOG: 'silent', CREDENCE_LIVE_DATA: 'synthetic', ...(existsSync(vrodFile) ? { CREDENCE_VROD_FILE: vrodFile } : {}) },
  })
  try {
    // What a start leaves to do is the start's cost, not the upload's: the first read waits for the catalogue to be
    // read, and in the seconds after it reads still waited 200 to 400 ms (2 Dec 2026; 16 and 17 ms for the upload five
    // seconds later). The upload starts once 25 reads in a row have each been answered within 50 ms.
    await settled(server.url)
    const folder = mkdtempSync(join(tmpdir(), 'credence-stalls-'))
    const noise = join(folder, 'noise.bin')
    writeFileSync(noise, randomBytes(64 * 1024 * 1024))
    const upload = await withHeartbeat(server.url, () => uploadFromAnotherProcess(server.url, noise)).finally(() => rmSync(folder, { recursive: true, force: true }))
    if (!existsSync(vrodFile)) return { upload: { status: upload.result, longestStallMs: upload.longestMs }, import: { skipped: `no file at ${vrodFile}` } }
    const started = performance.now()
    const imported = await withHeartbeat(server.url, async () => {
      const run = (await (
        await fetch(`${server.url}/api/source-runs`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ source: 'vrod' }) })
      ).json()) as { id: string }
      for (;;) {
        const now = (await (await fetch(`${server.url}/api/source-runs/${run.id}`, { headers: auth })).json()) as { state: string; progress: { processed: number } }
        if (now.state === 'succeeded' || now.state === 'failed') return now
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })
    return {
      budget_ms: stallBudgetMs,
      upload: { status: upload.result, longestStallMs: upload.longestMs, reads: upload.reads },
      import: {
        state: imported.result.state,
        projects: imported.result.progress.processed,
        wallSeconds: Math.round((performance.now() - started) / 100) / 10,
        longestStallMs: imported.longestMs,
        reads: imported.reads,
      },
    }
  } finally {
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureStalls({ port: Number(process.env.PORT ?? 0) || undefined }), null, 2))
