import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coverageMatrix } from '../../src/api/contract/coverage'
import { priceBatch } from '../../src/api/contract/prices'
import { projectDetail, projectPage } from '../../src/api/contract/projects'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { privateClusterUnavailable, startPrivateCluster, type PrivateCluster } from '../support/private-postgres'

/**
 * Three API processes on one PostgreSQL behave as one service: a cluster of this suite's own, never the shared
 * one other suites stop. Runs are slowed (1.5 s a batch of 250 projects) so one can be caught running, and
 * leases are short (3 s, swept every 0.5 s) so a dead process's run is failed quickly; the defaults are in env.ts.
 */
const unavailable = privateClusterUnavailable()
// .ci/run sets this, so the suite can never be skipped there without failing.
if (unavailable && process.env.CREDENCE_TEST_MULTI_PROCESS === 'required') throw new Error(`The multi-process suite cannot run: ${unavailable}`)
const projects = 2000
/** A real slice of Verra's export (../shared/data/registries), where it is at hand. */
const verraExport = resolve('../shared/data/registries/verra/transactions.csv')
const serverEnv = {
  CREDENCE_RUN_STEP_MS: '1500',
  CREDENCE_RUN_LEASE_MS: '3000',
  CREDENCE_RUN_REAP_MS: '500',
  CREDENCE_LOG: 'info',
}

let cluster: PrivateCluster
let admin: pg.Client
const servers: ApiServer[] = []
const startOne = () => startApiServer({ databaseUrl: cluster.url, projects, env: serverEnv })

beforeAll(async () => {
  if (unavailable) return
  cluster = await startPrivateCluster()
  admin = new pg.Client({ connectionString: cluster.url })
  // The database restarts in one case; the client is replaced then, and its lost connection is no failure.
  admin.on('error', () => {})
  await admin.connect()
  // All three at once on the empty database: the schema and the dataset must not race.
  servers.push(...(await Promise.all([startOne(), startOne(), startOne()])))
}, 240_000)

afterAll(async () => {
  if (unavailable) return
  // A process that ended on its own is a failure of some case: its last words, without the request log, say why.
  for (const server of servers.filter((s) => s.process.exitCode !== null && s.process.exitCode !== 0)) {
    const said = server.output().split('\n').filter((line) => !/^(GET|POST) /.test(line))
    console.error(`API process ${server.process.pid} exited with ${server.process.exitCode}:\n${said.slice(-30).join('\n')}`)
  }
  await admin?.end()
  await Promise.all(servers.map((s) => s.stop('SIGKILL')))
  await cluster?.stop()
})

const runOn = async (server: ApiServer, body: unknown) => sourceRun.parse((await call(server.url, '/api/source-runs', { json: body })).body)
const runState = async (server: ApiServer, id: string) => sourceRun.parse((await call(server.url, `/api/source-runs/${id}`)).body)

/** Which of our processes holds a run's lease: the owner is `host:pid:random`. */
async function holderOf(runId: string): Promise<ApiServer | undefined> {
  const { rows } = await admin.query<{ lease_owner: string | null }>('select lease_owner from live.source_runs where id = $1', [runId])
  const pid = Number(rows[0]?.lease_owner?.split(':')[1])
  return servers.find((s) => s.process.pid === pid)
}

async function registeredKeys(server: ApiServer, count: number) {
  return projectPage.parse((await call(server.url, `/api/projects?status=registered&per_page=${count}`)).body).data.map((p) => p.key)
}

async function sourceAges(server: ApiServer, keys: string[], source: string) {
  const matrix = coverageMatrix.parse((await call(server.url, `/api/coverage?${keys.map((k) => `project=${k}`).join('&')}`)).body)
  const column = matrix.sources.findIndex((s) => s.id === source)
  return new Map(matrix.rows.map((row) => [row.key, row.ages[column]]))
}
const marketAges = (server: ApiServer, keys: string[]) => sourceAges(server, keys, 'src_marketsource')

/** When each project was last rated, by its quality signals' date. */
async function ratedAt(server: ApiServer, keys: string[]) {
  const details = await Promise.all(keys.map(async (key) => projectDetail.parse((await call(server.url, `/api/projects/${key}`)).body)))
  return new Map(details.map((d) => [d.key, Math.max(...d.quality_breakdown.signals.flatMap((s) => (s.as_of ? [Date.parse(s.as_of)] : [])))]))
}

const pricesOf = async (server: ApiServer, keys: string[]) =>
  priceBatch.parse((await call(server.url, `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}`)).body).data

describe.skipIf(unavailable)(`three API processes on one PostgreSQL${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('all come up when started together on an empty database, and the dataset is generated once', async () => {
    expect(servers).toHaveLength(3)
    const generated = servers.filter((s) => s.output().includes(', seeded (live: '))
    expect(generated).toHaveLength(1)
    const { rows } = await admin.query<{ n: string }>('select count(*) as n from live.projects')
    expect(Number(rows[0].n)).toBe(projects)
    for (const server of servers) expect(projectPage.parse((await call(server.url, '/api/projects?per_page=1')).body).total).toBe(projects)
  })

  it('let exactly 60 of 100 concurrent sandbox requests through across the three, each told a distinct quota left', async () => {
    const ask = (i: number) => call(servers[i % 3].url, '/api/sources', { token: tokens.sandbox })
    let answers = await Promise.all(Array.from({ length: 100 }, (_, i) => ask(i)))
    // A 503 is the store not free in time, on a machine busy with other work (21 of 100 once in CI, the test lanes
    // beside it): it counted nothing, so it is asked again, as a client told Retry-After would, within the minute.
    for (let round = 0; round < 5 && answers.some((a) => a.status === 503); round++) {
      answers = await Promise.all(answers.map((answer, i) => (answer.status === 503 ? ask(i) : answer)))
    }
    const passed = answers.filter((a) => a.status === 200)
    // Tallied first, so an answer that is neither (a 503 from a store that waited too long) is named, not only missed.
    const tally = Object.fromEntries([...new Set(answers.map((a) => a.status))].map((status) => [status, answers.filter((a) => a.status === status).length]))
    expect(tally).toEqual({ 200: 60, 429: 40 })
    // One count on one clock: the 60 that passed were told 59, 58, … 0 left, each exactly once.
    const remaining = passed.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((a, b) => a - b)
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i))
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(refused.headers.get('ratelimit-policy')).toBe('60;w=60')
    }
  })

  it('serve a market run applied through one of them in the prices and coverage of all three within seconds', async () => {
    const candidates = await registeredKeys(servers[0], 200)
    const before = await marketAges(servers[1], candidates)
    const keys = candidates.filter((k) => before.get(k) !== 0).slice(0, 3)
    expect(keys).toHaveLength(3)
    // Every process has read its coverage matrix and prices before the run, so a stale cache would show.
    for (const server of servers) {
      await marketAges(server, keys)
      await pricesOf(server, keys)
    }
    const run = await runOn(servers[0], { source: 'marketsource', project_keys: keys })
    const done = await waitFor(async () => {
      const r = await runState(servers[0], run.id)
      return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
    }, 60_000, 50)
    expect(done.state).toBe('succeeded')
    const appliedAt = Date.parse(done.finished_at!)
    await Promise.all(
      servers.map((server) =>
        waitFor(async () => {
          const ages = await marketAges(server, keys)
          const prices = await pricesOf(server, keys)
          const fresh = keys.every((k) => ages.get(k) === 0) && prices.length === 3 && prices.every((p) => Date.parse(p.as_of) >= appliedAt - 60_000)
          return fresh ? true : undefined
        }, 10_000, 50),
      ),
    )
    // Told by the database's notification, each process reads the new version at once: well within 2 s on an idle
    // machine, and within 5 s in CI, whose three lanes share two cores with three APIs and PostgreSQL here (2 Dec
    // 2026: past 2 s once). A process that waited for its cache to expire would never show it within the 10 s above.
    expect(Date.now() - appliedAt).toBeLessThanOrEqual(5000)
  })

  it.skipIf(!existsSync(verraExport))("import a registry's export through one of them by COPY: each record once, the same in all, and again nothing new", async () => {
    const importVerra = async () => {
      const uploaded = await fetch(`${servers[0].url}/api/files?name=transactions.csv`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.live}`, 'content-type': 'application/octet-stream' },
        body: new Blob([readFileSync(verraExport)]),
      })
      expect(uploaded.status).toBe(201)
      const run = await runOn(servers[0], { source: 'src_verra', file_id: ((await uploaded.json()) as { id: string }).id })
      return waitFor(async () => {
        const r = await runState(servers[0], run.id)
        return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
      }, 120_000, 100)
    }
    const first = await importVerra()
    expect(first.state).toBe('succeeded')
    expect(first.counts.created).toBeGreaterThan(100)
    const stored = async () => Number((await admin.query<{ n: string }>('select count(*) as n from live.credits')).rows[0].n)
    expect(await stored()).toBe(first.counts.created)
    for (const server of servers) {
      const page = await waitFor(async () => {
        const answer = (await call(server.url, '/api/credits?per_page=1')).body as { total: number }
        return answer.total === first.counts.created ? answer : undefined
      }, 10_000, 50)
      expect(page.total).toBe(first.counts.created)
    }
    const again = await importVerra()
    expect(again).toMatchObject({ state: 'succeeded', counts: { created: 0, updated: 0 } })
    expect(await stored()).toBe(first.counts.created)
  })

  it('create one run when two of them are given the same Idempotency-Key at once', async () => {
    const key = randomUUID()
    const body = { source: 'ratings', project_keys: (await registeredKeys(servers[0], 2)) }
    const answers = await Promise.all(
      [servers[1], servers[2]].map((s) => call(s.url, '/api/source-runs', { json: body, headers: { 'idempotency-key': key } })),
    )
    expect(answers.map((a) => a.status)).toEqual([202, 202])
    expect(answers[1].body.id).toBe(answers[0].body.id)
    const { rows } = await admin.query('select id from live.source_runs where idempotency_key = $1', [key])
    expect(rows).toHaveLength(1)
    await waitFor(async () => ((await runState(servers[0], answers[0].body.id)).state === 'succeeded' ? true : undefined), 60_000)
  })

  it("leave another process's running run to finish succeeded when one of them restarts", async () => {
    const run = await runOn(servers[0], { source: 'marketsource' })
    const running = await waitFor(async () => ((await runState(servers[0], run.id)).state === 'running' ? true : undefined), 30_000, 50)
    expect(running).toBe(true)
    const holder = (await holderOf(run.id))!
    expect(holder).toBeDefined()
    const other = servers.find((s) => s !== holder)!
    await other.stop('SIGTERM')
    servers.splice(servers.indexOf(other), 1, await startOne())
    // The restarted process is up while the run is still in progress, and leaves it be.
    expect((await runState(servers[0], run.id)).state).toBe('running')
    const done: SourceRun = await waitFor(async () => {
      const r = await runState(servers[0], run.id)
      return r.state === 'running' ? undefined : r
    }, 90_000, 200)
    expect(done.state).toBe('succeeded')
    expect(done.error).toBeNull()
  })

  it('never apply a run after it was failed: a holder frozen past its lease finds itself fenced off when it wakes', async () => {
    const keys = (await registeredKeys(servers[0], 200)).slice(100, 103)
    const pricesBefore = await pricesOf(servers[0], keys)
    const run = await runOn(servers[0], { source: 'marketsource', project_keys: keys })
    // One batch: once its progress is recorded, the connector pauses 1.5 s and then applies. Frozen there, the
    // holder's lease lapses and a survivor fails the run; woken, it reaches the apply with the run no longer its own.
    await waitFor(async () => {
      const r = await runState(servers[0], run.id)
      return r.state === 'running' && r.progress.processed === 3 ? true : undefined
    }, 30_000, 20)
    const holder = (await holderOf(run.id))!
    const survivor = servers.find((s) => s !== holder)!
    holder.process.kill('SIGSTOP')
    try {
      const failed = await waitFor(async () => {
        const r = await runState(survivor, run.id)
        return r.state === 'running' ? undefined : r
      }, 60_000, 100)
      expect(failed.state).toBe('failed')
      expect(failed.error?.code).toBe('interrupted')
    } finally {
      holder.process.kill('SIGCONT')
    }
    // Awake, past its pause and its attempt to apply: the run stays failed and nothing of it reaches the data.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    const after = await runState(holder, run.id)
    expect(after.state).toBe('failed')
    expect(after.error?.code).toBe('interrupted')
    for (const server of servers) expect(await pricesOf(server, keys)).toEqual(pricesBefore)
  })

  it('fail the run of a process killed outright, from a survivor, within 60 s, with nothing of it applied', async () => {
    const keys = await registeredKeys(servers[0], 100)
    const pricesBefore = await pricesOf(servers[0], keys)
    const run = await runOn(servers[0], { source: 'marketsource' })
    await waitFor(async () => {
      const r = await runState(servers[0], run.id)
      return r.state === 'running' && r.progress.processed > 0 ? true : undefined
    }, 30_000, 50)
    const holder = (await holderOf(run.id))!
    const survivor = servers.find((s) => s !== holder)!
    await holder.stop('SIGKILL')
    const killedAt = Date.now()
    const failed = await waitFor(async () => {
      const r = await runState(survivor, run.id)
      return r.state === 'running' ? undefined : r
    }, 60_000, 100)
    expect(Date.now() - killedAt).toBeLessThanOrEqual(60_000)
    expect(failed.state).toBe('failed')
    expect(failed.error?.code).toBe('interrupted')
    expect(await pricesOf(survivor, keys)).toEqual(pricesBefore)
  })

  it('come back after the database restarts, and still serve a run applied through one of them in all within seconds', async () => {
    const alive = servers.filter((s) => s.process.exitCode === null && s.process.signalCode === null)
    expect(alive.length).toBeGreaterThanOrEqual(2)
    // A project's page is kept once read, and answered from memory until a run moves the version on: each ask reads
    // another project's page, so one read by an earlier test (which passes through this process or not, as the
    // killed one falls) cannot answer 200 all through the outage.
    const keys = await registeredKeys(alive[0], 200)
    let asked = 0
    const answered = (async () => {
      await cluster.restart(3000)
      await admin.end().catch(() => {})
      admin = new pg.Client({ connectionString: cluster.url })
      admin.on('error', () => {})
      await admin.connect()
    })()
    // While it is away: the list and facets answer from memory; the rest says 503.
    // What the page answered meanwhile, in order, without repeats: a timeout says which answers came instead of 503.
    const seen: number[] = []
    await waitFor(async () => {
      const status = (await call(alive[0].url, `/api/projects/${keys[asked++ % keys.length]}`)).status
      if (seen.at(-1) !== status) seen.push(status)
      return status === 503 ? true : undefined
    }, 10_000, 100).catch((error: Error) => {
      throw new Error(`${error.message}: the page answered ${seen.join(', ')}`)
    })
    expect((await call(alive[0].url, '/api/projects?q=a')).status).toBe(200)
    await answered
    await waitFor(async () => ((await call(alive[0].url, `/api/projects/${keys[0]}`)).status === 200 ? true : undefined), 30_000, 200)

    // Market coverage is fresh everywhere after the runs above; the ratings are as old as the seed made them, but
    // for the two projects re-rated above. (A rating is no coverage column: its freshness is its facts'.)
    const vcs = projectPage.parse((await call(alive[0].url, '/api/projects?registry=VCS&per_page=20')).body).data.map((p) => p.key)
    const startedAt = Date.now()
    const ratedBefore = await ratedAt(alive[0], vcs)
    const stale = vcs.filter((k) => ratedBefore.get(k)! < startedAt - 3_600_000).slice(0, 3)
    expect(stale).toHaveLength(3)
    for (const server of alive) await ratedAt(server, stale)
    const run = await runOn(alive[0], { source: 'src_ratings', project_keys: stale })
    const done = await waitFor(async () => {
      const r = await runState(alive[0], run.id)
      return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
    }, 60_000, 50)
    expect(done.state).toBe('succeeded')
    const appliedAt = Date.parse(done.finished_at!)
    await Promise.all(
      alive.map((server) =>
        waitFor(async () => {
          const rated = await ratedAt(server, stale)
          return stale.every((k) => rated.get(k)! >= startedAt) ? true : undefined
        }, 10_000, 50),
      ),
    )
    // Within 5 s, as the first run above is: the listener, back with the database, tells each process at once.
    expect(Date.now() - appliedAt).toBeLessThanOrEqual(5000)
  })
})
