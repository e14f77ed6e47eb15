import autocannon from 'autocannon'
import { startApiServer, type ApiServer } from '../support/api-server'
import { privateClusterUnavailable, startPrivateCluster } from '../support/private-postgres'

/**
 * Requests per second for one and for three API processes on one PostgreSQL (a private cluster, as in
 * tests/server/multi-process.test.ts), with the load spread over the processes as a round-robin proxy would.
 * On a 2-core machine the three processes and PostgreSQL share the same cores, so this shows the cost of
 * coordination (a shared database, no shared memory) rather than a gain from more cores.
 */
export interface ScaleResult {
  name: string
  processes: number
  connections: number
  rps: number
  p95: number
  errors: number
}

const token = 'dev-access-token'
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

async function load(urls: string[], options: { method?: 'GET' | 'POST'; body?: string; seconds: number; connections: number }) {
  const result = await autocannon({
    // autocannon spreads its connections over several targets in turn; its types only know one.
    url: urls as unknown as string,
    method: options.method ?? 'GET',
    body: options.body,
    headers: { ...headers, 'accept-encoding': 'gzip' },
    connections: options.connections,
    duration: options.seconds,
  })
  return {
    rps: Math.round(result.requests.average),
    p95: Math.round((result.latency.p90 + (result.latency.p97_5 - result.latency.p90) * (5 / 7.5)) * 100) / 100,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

export async function measureProcesses(options: { projects: number; seconds: number; connections: number }) {
  const unavailable = privateClusterUnavailable()
  if (unavailable) return { skipped: unavailable }
  const cluster = await startPrivateCluster()
  const servers: ApiServer[] = []
  const start = () => startApiServer({ databaseUrl: cluster.url, projects: options.projects, postgresUrl: '' })
  try {
    servers.push(await start())
    const facets = (await (await fetch(`${servers[0].url}/api/projects/facets`, { headers })).json()) as { facets: { region: { value: string }[] } }
    const region = encodeURIComponent(facets.facets.region[0].value)
    const endpoints = [
      { name: 'GET /api/projects (filtered page)', path: `/api/projects?region=${region}&status=registered&sort=-quality_score&per_page=50` },
      { name: 'POST /api/recommendations', method: 'POST' as const, path: '/api/recommendations', body: JSON.stringify({ budget_usd: 250_000, co_benefits: ['biodiversity', 'community'], vintage_min: 2015 }) },
    ]
    const results: ScaleResult[] = []
    const measure = async (processes: number) => {
      const bases = servers.slice(0, processes).map((s) => s.url)
      for (const e of endpoints) {
        const urls = bases.map((base) => `${base}${e.path}`)
        await load(urls, { method: e.method, body: e.body, seconds: 1, connections: 2 * processes }) // warm caches and JIT
        results.push({ name: e.name, processes, connections: options.connections, ...(await load(urls, { ...e, seconds: options.seconds, connections: options.connections })) })
      }
    }
    await measure(1)
    servers.push(await start(), await start())
    await measure(3)
    return { projects: options.projects, seconds: options.seconds, results }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await cluster.stop()
  }
}
