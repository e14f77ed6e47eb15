import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startApiServer } from '../support/api-server'
import { writeVerraTransactions } from '../support/verra-transactions'
import { importToEnd, rssMb, uploadPath } from './bench-imports'
import { withHeartbeat } from './stalls'

/**
 * The budgets of a million registry records, on the embedded default (issue 37's, which tightened issue 19's): an
 * export of 1,000,000 transaction rows (written here in Verra's format, as four files of one export) imported in
 * at most 30 s, the API's resident memory at most 1.5 GB while it imports and 1 GB with the records loaded; while
 * it imports, a one-row project list (one every 20 ms) waits at most 1 s and a brief (one after another) at most
 * 2 s, every one answered; `GET /api/credits` searched by a beneficiary never searched before p95 at most 50 ms;
 * the page of a project with 10,000 records p95 at most 30 ms; a one-row project list waits at most 1 s while deep
 * pages are read.
 */
export const creditBudgets = {
  importS: 30,
  importRssMb: 1536,
  rssMb: 1024,
  importProjectListWaitMs: 1000,
  importBriefWaitMs: 2000,
  beneficiaryP95Ms: 50,
  projectPageP95Ms: 30,
  deepPagesStallMs: 1000,
}

const token = 'dev-access-token'
const auth = { authorization: `Bearer ${token}` }

async function p95(url: string, seconds: number, connections: number) {
  const result = await autocannon({ url, headers: { ...auth, 'accept-encoding': 'gzip' }, connections, duration: seconds })
  const p95 = Math.round((result.latency.p90 + (result.latency.p97_5 - result.latency.p90) * (5 / 7.5)) * 100) / 100
  return { p50: result.latency.p50, p95, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.timeouts + result.non2xx }
}

/**
 * Searches by beneficiary that no answer kept can serve: each asks for a company not asked for before (the export
 * names 20,000). First 200 one after another, as one analyst searches; then four at a time for `seconds`, which the
 * embedded store's one connection answers in turn. Percentiles of the whole searches, as a person waits for them.
 */
async function uncachedSearches(base: string, seconds: number) {
  let next = 1
  const search = async () => {
    const started = performance.now()
    const response = await fetch(`${base}/api/credits?beneficiary=${encodeURIComponent(`company ${next++} ltd`)}`, { headers: auth })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`a beneficiary search answered ${response.status}`)
    return performance.now() - started
  }
  const percentiles = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b)
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10
    return { searches: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) }
  }
  const alone: number[] = []
  for (let i = 0; i < 200; i++) alone.push(await search())
  const together: number[] = []
  const until = performance.now() + seconds * 1000
  const searcher = async () => {
    while (performance.now() < until && next <= 20_000) together.push(await search())
  }
  await Promise.all([searcher(), searcher(), searcher(), searcher()])
  return { oneAtATime: percentiles(alone), fourAtATime: percentiles(together) }
}

/** The filters the deep readers walk, each its own list (and, once, its own count). */
const walkedFilters = ['', 'kind=issuance', 'registry=VCS', 'vintage=2015']

/**
 * Four readers walk the records by cursor, 500 a page, for `seconds`, while a one-row project list is read every
 * 20 ms: the longest that read waited, and how long each page took, shallow and deep. Each reader asks for page
 * 1,900 by number first, which is refused naming the cursor after the 10,000th record, and walks on from there.
 */
async function readDeepPages(base: string, seconds: number) {
  const until = performance.now() + seconds * 1000
  const times: { ms: number; depth: number }[] = []
  const refusals: number[] = []
  const walk = async (filter: string) => {
    const refused = await fetch(`${base}/api/credits?${filter}&page=1900&per_page=500`, { headers: auth })
    refusals.push(refused.status)
    let after = ((await refused.json()) as { after?: string }).after ?? null
    for (let depth = 10_000; after && performance.now() < until; depth += 500) {
      const started = performance.now()
      const page = (await (await fetch(`${base}/api/credits?${filter}&per_page=500&after=${after}`, { headers: auth })).json()) as { next_after: string | null }
      times.push({ ms: performance.now() - started, depth })
      after = page.next_after
    }
  }
  const { longestMs, reads } = await withHeartbeat(base, () => Promise.all(walkedFilters.map(walk)))
  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] * 10) / 10
  const ms = times.map((t) => t.ms)
  const deepest = Math.max(...times.map((t) => t.depth))
  return {
    readers: walkedFilters.length,
    pages: times.length,
    deepestRecord: deepest + 500,
    refusedStatuses: [...new Set(refusals)],
    pageP50Ms: median(ms),
    pageMaxMs: Math.round(Math.max(...ms) * 10) / 10,
    // The cost of a page should not grow with its depth: the first pages past 10,000 against the deepest half.
    firstPagesP50Ms: median(times.filter((t) => t.depth < 11_000).map((t) => t.ms)),
    deepHalfP50Ms: median(times.filter((t) => t.depth >= 10_000 + (deepest - 10_000) / 2).map((t) => t.ms)),
    projectListLongestWaitMs: longestMs,
    projectListReads: reads,
  }
}

/**
 * Runs `work` while briefs are posted one after another (a small budget, so each is a quick ranking and one stored
 * shortlist): the longest a brief waited, how many were answered, and the statuses other than 201 (a 503 says the
 * store was busy past its wait, and is counted, not hidden).
 */
async function withBriefs<T>(base: string, work: () => Promise<T>): Promise<[{ briefLongestWaitMs: number; briefsAnswered: number; briefsRefused: Record<string, number> }, T]> {
  let longestMs = 0
  let answered = 0
  const refused: Record<string, number> = {}
  let posting = true
  const poster = (async () => {
    while (posting) {
      const started = performance.now()
      const response = await fetch(`${base}/api/recommendations`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ budget_usd: 50_000 }),
      })
      await response.arrayBuffer()
      longestMs = Math.max(longestMs, performance.now() - started)
      if (response.status === 201) answered++
      else refused[response.status] = (refused[response.status] ?? 0) + 1
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  let result: T
  try {
    result = await work()
  } finally {
    posting = false
    await poster
  }
  return [{ briefLongestWaitMs: Math.round(longestMs), briefsAnswered: answered, briefsRefused: refused }, result]
}

export async function measureCreditScale(options: { rows: number; seconds: number }) {
  const folder = mkdtempSync(join(tmpdir(), 'credence-credits-bench-'))
  const server = await startApiServer({ projects: 2000, env: { CREDENCE_LOG: 'silent', CREDENCE_RUN_STEP_MS: '0' }, startTimeoutMs: 300_000 })
  try {
    const first = ((await (await fetch(`${server.url}/api/projects?registry=VCS&per_page=1`, { headers: auth })).json()) as { data: { key: string }[] }).data[0].key
    const hotKey = first.toUpperCase()
    const written = performance.now()
    const { paths, microsoftRows } = await writeVerraTransactions(folder, options.rows, 4, Number(hotKey.slice(3)))
    const writeS = Math.round((performance.now() - written) / 100) / 10
    const fileIds: string[] = []
    for (const path of paths) fileIds.push(await uploadPath(server.url, path))
    const started = performance.now()
    const {
      result: [briefs, { run, peakRssMb, cpuS: importCpuS }],
      longestMs: projectListLongestWaitMs,
      reads: projectListReads,
    } = await withHeartbeat(server.url, () => withBriefs(server.url, () => importToEnd({ url: server.url, pid: server.process.pid! }, { source: 'src_verra', file_ids: fileIds })))
    const importS = Math.round((performance.now() - started) / 100) / 10
    const duringImport = { projectListLongestWaitMs, projectListReads, ...briefs }
    if (run.state === 'failed') return { rows: options.rows, importS, importCpuS, failed: run.error?.message ?? 'failed', peakRssMb, duringImport }
    const records = ((await (await fetch(`${server.url}/api/credits?per_page=1`, { headers: auth })).json()) as { total: number }).total
    const microsoft = ((await (await fetch(`${server.url}/api/credits?beneficiary=microsoft&per_page=1`, { headers: auth })).json()) as { total: number }).total
    const hot = ((await (await fetch(`${server.url}/api/credits?project=${hotKey}&per_page=1`, { headers: auth })).json()) as { total: number }).total
    // The first view of the busy project's page sums its records; later views of the same version are kept.
    const firstView = performance.now()
    await (await fetch(`${server.url}/api/projects/${hotKey}`, { headers: auth })).arrayBuffer()
    const projectFirstViewMs = Math.round(performance.now() - firstView)
    const firstSearch = performance.now()
    await (await fetch(`${server.url}/api/credits?beneficiary=microsoft`, { headers: auth })).arrayBuffer()
    const beneficiaryFirstMs = Math.round(performance.now() - firstSearch)
    // Warm the paths once, then measure.
    await p95(`${server.url}/api/credits?beneficiary=microsoft`, 1, 2)
    await p95(`${server.url}/api/projects/${hotKey}`, 1, 2)
    const deepPages = await readDeepPages(server.url, options.seconds)
    const rssLoadedMb = rssMb(server.process.pid!)
    const beneficiaryUncached = await uncachedSearches(server.url, options.seconds)
    const beneficiary = await p95(`${server.url}/api/credits?beneficiary=microsoft`, options.seconds, 4)
    const projectPage = await p95(`${server.url}/api/projects/${hotKey}`, options.seconds, 4)
    const rssAfterMb = rssMb(server.process.pid!)
    return {
      rows: options.rows,
      writeS,
      importS,
      importCpuS,
      duringImport,
      records,
      microsoft: { rows: microsoftRows, records: microsoft },
      hotProject: { key: hotKey, records: hot },
      beneficiary,
      beneficiaryUncached,
      beneficiaryFirstMs,
      projectPage,
      projectFirstViewMs,
      deepPages,
      peakRssMb,
      rssLoadedMb,
      rssAfterMb,
    }
  } finally {
    await server.stop()
    // A million records take gigabytes on disk: neither the export nor the store outlives the measure.
    rmSync(folder, { recursive: true, force: true })
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}
