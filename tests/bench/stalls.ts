import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
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

export async function measureStalls(options: { port?: number } = {}) {
  const vrodFile = berkeleyFile
  const server = await startApiServer({
    projects: 10_000,
    port: options.port,
    env: { CREDENCE_LOG: 'silent', CREDENCE_LIVE_DATA: 'synthetic', ...(existsSync(vrodFile) ? { CREDENCE_VROD_FILE: vrodFile } : {}) },
  })
  try {
    // The first read after a start waits for the catalogue to be read; that is the start's cost, not the upload's.
    await (await fetch(`${server.url}/api/projects?per_page=1`, { headers: auth })).arrayBuffer()
    const body = randomBytes(64 * 1024 * 1024)
    const upload = await withHeartbeat(server.url, async () => {
      const response = await fetch(`${server.url}/api/files?name=noise.bin`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        body,
      })
      await response.arrayBuffer()
      return response.status
    })
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
