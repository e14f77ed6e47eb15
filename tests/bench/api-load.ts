import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { rssMb } from './bench-imports'
import { startApiServer, type ApiServer } from '../support/api-server'

/**
 * Latency and throughput of the API's hot endpoints under concurrent load, each beside a plain Node HTTP
 * server that answers a fixed JSON body, measured in the same run on the same machine, as a ratio.
 */
export interface LoadResult {
  name: string
  projects: number
  connections: number
  p50: number
  p95: number
  p99: number
  rps: number
  errors: number
  non2xx: number
  baselineP95: number
  baselineRps: number
  p95Ratio: number
  throughputRatio: number
}

const token = 'dev-access-token'

async function load(url: string, options: { method?: 'GET' | 'POST'; body?: string; seconds: number; connections: number }) {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    connections: options.connections,
    duration: options.seconds,
  })
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5 === undefined ? result.latency.p99 : percentile95(result),
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** autocannon reports p90 and p97.5; p95 is read between them, linearly. */
function percentile95(result: autocannon.Result) {
  return Math.round((result.latency.p90 + (result.latency.p97_5 - result.latency.p90) * (5 / 7.5)) * 100) / 100
}

async function baselineServer(body: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => server.close() }
}

export async function measureApi(projects: number, options: { seconds: number; connections: number[] }) {
  // Seeded by a first process, measured in a second on the same data folder: a service as it runs after its
  // first start, not one still carrying the memory of generating its dataset.
  const seeding = await startApiServer({ projects, env: { CREDENCE_SEED_PROJECTS: String(projects) }, startTimeoutMs: 900_000 })
  // The first start seeds the sandbox's dataset once it listens and its live catalogue is read (main.ts), holding the
  // embedded store meanwhile; stopped before that, the measured process would seed it under the loads, every brief
  // waiting its half second for a shortlist the store cannot yet take. A sandbox read answers once it is seeded.
  await (await fetch(`${seeding.url}/api/projects?per_page=1`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()
  await (await fetch(`${seeding.url}/api/projects?per_page=1`, { headers: { authorization: 'Bearer sandbox-key' } })).arrayBuffer()
  await seeding.stop()
  const server: ApiServer = await startApiServer({ projects, dataDir: seeding.dataDir, env: { CREDENCE_SEED_PROJECTS: String(projects) }, startTimeoutMs: 300_000 })
  try {
    const keys = ((await (await fetch(`${server.url}/api/projects?status=registered&per_page=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { key: string }[]
    }).data.map((p) => p.key)
    const facets = (await (await fetch(`${server.url}/api/projects/facets`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      facets: { region: { value: string }[] }
    }
    const region = encodeURIComponent(facets.facets.region[0].value)
    const endpoints = [
      { name: 'POST /api/recommendations', method: 'POST' as const, path: '/api/recommendations', body: JSON.stringify({ budget_usd: 250_000, co_benefits: ['biodiversity', 'community'], vintage_min: 2015 }) },
      { name: 'GET /api/projects (filtered page)', path: `/api/projects?region=${region}&status=registered&sort=-quality_score&per_page=50` },
      { name: 'GET batch prices (100 keys)', path: `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}` },
      { name: 'GET /api/coverage (first 1,000)', path: '/api/coverage?sort=stalest' },
      { name: 'GET /api/sources', path: '/api/sources' },
    ]
    // Warm caches and the JIT the way a running service would be.
    for (const e of endpoints) await load(`${server.url}${e.path}`, { method: e.method, body: e.body, seconds: 1, connections: 2 })
    // Every cache warm: the catalogue, the candidate pool, the coverage view and the sort orders the loads use.
    await fetch(`${server.url}/api/projects/facets?region=${region}`, { headers: { authorization: `Bearer ${token}` } })
    const rssBefore = rssMb(server.process.pid!)
    const results: LoadResult[] = []
    for (const e of endpoints) {
      const sample = await fetch(`${server.url}${e.path}`, {
        method: e.method ?? 'GET',
        body: e.body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
      const baseline = await baselineServer(await sample.text())
      for (const connections of options.connections) {
        const ours = await load(`${server.url}${e.path}`, { method: e.method, body: e.body, seconds: options.seconds, connections })
        const plain = await load(baseline.url, { seconds: options.seconds, connections })
        results.push({
          name: e.name,
          projects,
          connections,
          ...ours,
          baselineP95: plain.p95,
          baselineRps: plain.rps,
          // autocannon counts whole milliseconds: a plain server's p95 of 0 is taken as 1 ms.
          p95Ratio: Math.round((ours.p95 / Math.max(plain.p95, 1)) * 10) / 10,
          throughputRatio: Math.round((ours.rps / plain.rps) * 1000) / 1000,
        })
      }
      baseline.close()
    }
    const rssAfter = rssMb(server.process.pid!)
    return {
      results,
      memory: {
        rssBeforeMb: rssBefore,
        rssAfterMb: rssAfter,
        rssPerProjectKb: Math.round((Math.max(rssBefore, rssAfter) * 1024 * 10) / projects) / 10,
      },
    }
  } finally {
    await server.stop()
  }
}
