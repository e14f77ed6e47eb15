import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coverageMatrix } from '../../src/api/contract/coverage'
import { recommendation, type Recommendation } from '../../src/api/contract/recommendations'
import { sourceList, sourceRun, type Source, type SourceRun } from '../../src/api/contract/sources'
import { ratingSourceName } from '../../src/server/sources/rating-source'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

/** Nothing claims what did not happen: a last success is a run's, a simulated source stays by generated projects. */

const releaseAsOf = '2025-12-31T00:00:00.000Z'
const briefs = [
  { budget_usd: 500_000, vintage_min: 2020 },
  { budget_usd: 2_000_000 },
  { budget_usd: 1_000_000, region: 'Latin America and the Caribbean', vintage_min: 2018 },
]

const someKeys = async (server: ApiServer, count: number): Promise<string[]> =>
  (await call(server.url, `/api/projects?status=registered&per_page=${count}`)).body.data.map((p: { key: string }) => p.key)
const sourcesOf = async (server: ApiServer) => sourceList.parse((await call(server.url, '/api/sources')).body).data
const runsOf = async (server: ApiServer) => (await call(server.url, '/api/source-runs?per_page=100')).body.data as SourceRun[]

async function runToEnd(server: ApiServer, request: object): Promise<SourceRun> {
  const started = await call(server.url, '/api/source-runs', { json: request })
  expect(started.status).toBe(202)
  return waitFor(async () => {
    const run = sourceRun.parse((await call(server.url, `/api/source-runs/${started.body.id}`)).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  }, 60_000, 100)
}

/** Every source showing a last success has a succeeded run behind it: its own, or for the open rating, Berkeley's import that rated. */
async function expectEverySuccessRun(server: ApiServer) {
  const succeeded = new Set((await runsOf(server)).filter((r) => r.state === 'succeeded').map((r) => r.source_id))
  for (const source of await sourcesOf(server)) {
    if (source.last_success_at === null) {
      expect(source.state, source.id).not.toMatch(/healthy|stale/)
      continue
    }
    const counting = source.kind === 'rating' ? [source.id, 'src_vrod'] : [source.id]
    expect(counting.some((id) => succeeded.has(id)), `${source.id} claims a success at ${source.last_success_at}`).toBe(true)
  }
}

async function shortlists(server: ApiServer): Promise<Recommendation[]> {
  return Promise.all(
    briefs.map(async (brief) => {
      const answer = await call(server.url, '/api/recommendations', { json: brief })
      expect(answer.status, JSON.stringify(brief)).toBe(201)
      return recommendation.parse(answer.body)
    }),
  )
}

/** What a shortlist says of overdue data, as a whole and item by item. */
const overdueSayings = (shortlist: Recommendation) =>
  [...shortlist.notes, ...shortlist.items.flatMap((item) => item.reasons)].filter((text) => /overdue|stale/i.test(text))

describe('on a generated catalogue', () => {
  let server: ApiServer
  beforeAll(async () => {
    server = await startApiServer({ projects: 400, env: { CREDENCE_RUN_STEP_MS: '0' } })
  })
  afterAll(() => server?.stop())

  it('shows no source with a last success before a run of it succeeded, though the seeding covered projects by them', async () => {
    const sources = await sourcesOf(server)
    expect(await runsOf(server)).toEqual([])
    const registries = sources.filter((s) => s.kind === 'registry' && s.projects_covered > 0)
    expect(registries.length).toBeGreaterThanOrEqual(5)
    for (const source of sources) expect(source, source.id).toMatchObject({ last_success_at: null, age_hours: null, state: 'never_run', last_run: null })
  })

  it('shows a last success once a run succeeded, and only for the source that ran', async () => {
    const keys = await someKeys(server, 3)
    const run = await runToEnd(server, { source: 'src_marketsource', project_keys: keys })
    expect(run.state).toBe('succeeded')
    const sources = await sourcesOf(server)
    const market = sources.find((s) => s.id === 'src_marketsource')!
    expect(market.state).toBe('healthy')
    expect(Date.parse(market.last_success_at!)).toBe(Date.parse(run.finished_at!))
    for (const other of sources.filter((s) => s.id !== 'src_marketsource')) expect(other.last_success_at, other.id).toBeNull()
    await expectEverySuccessRun(server)
  })

  it('gives a re-rate its success, and never calls the open rating overdue in a shortlist', async () => {
    const run = await runToEnd(server, { source: 'ratings', project_keys: await someKeys(server, 2) })
    expect(run.state).toBe('succeeded')
    const rating = (await sourcesOf(server)).find((s) => s.kind === 'rating')!
    expect(rating).toMatchObject({ state: 'healthy', last_run: { id: run.id } })
    await expectEverySuccessRun(server)
    for (const shortlist of await shortlists(server)) for (const saying of overdueSayings(shortlist)) expect(saying).not.toContain(ratingSourceName)
  })
})

describe.skipIf(!existsSync(berkeleyFile))(`on the catalogue of Berkeley's file (${berkeleyFile})`, () => {
  let server: ApiServer
  let sources: Source[] = []
  beforeAll(async () => {
    server = await startApiServer({ startTimeoutMs: 280_000, env: seededFromBerkeley })
    sources = await sourcesOf(server)
  }, 300_000)
  afterAll(() => server?.stop())

  it('dates Berkeley and the rating it brought by the seeding run, and no registry nor the market', async () => {
    const byId = new Map(sources.map((s) => [s.id, s]))
    expect(byId.get('src_vrod')).toMatchObject({ last_success_at: releaseAsOf, last_run: { state: 'succeeded' } })
    // Rated by the same seeding, as of the facts it rated; it keeps no schedule, so it is not stale by one.
    expect(sources.find((s) => s.kind === 'rating')).toMatchObject({ last_success_at: releaseAsOf, state: 'healthy', last_run: null })
    for (const source of sources.filter((s) => s.kind === 'registry' || s.simulated)) {
      expect(source, source.id).toMatchObject({ last_success_at: null, state: 'never_run' })
    }
    await expectEverySuccessRun(server)
  })

  it('draws no simulated source and no rating column in the coverage of real projects', async () => {
    const simulated = new Set(sources.filter((s) => s.simulated).map((s) => s.id))
    expect(simulated.size).toBeGreaterThan(0)
    const all = coverageMatrix.parse((await call(server.url, '/api/coverage?per_page=1')).body)
    expect(all.total).toBe(10_975)
    expect(all.sources.filter((s) => simulated.has(s.id))).toEqual([])
    expect(all.sources.map((s) => s.name)).not.toContain(ratingSourceName)
    // A project's page lists its sources from its row of the matrix.
    for (const key of ['VCS934', ...(await someKeys(server, 2))]) {
      const row = coverageMatrix.parse((await call(server.url, `/api/coverage?project=${key}`)).body)
      expect(row.rows.map((r) => [r.key, r.synthetic])).toEqual([[key, false]])
      expect(row.sources.filter((s) => simulated.has(s.id)), key).toEqual([])
    }
    // Asked for by name, the simulated column is not there to give: the filter is refused, naming the columns there are.
    const market = await call(server.url, '/api/coverage?per_page=1&source=src_marketsource')
    expect(market.status).toBe(400)
    expect(market.body.errors[0].message).toMatch(/^“src_marketsource” draws no column of the coverage map; its columns are src_/)
  })

  it('never calls the open rating overdue in a shortlist, and names the overdue source of its facts instead', async () => {
    const lists = await shortlists(server)
    for (const shortlist of lists) {
      expect(shortlist.items.length).toBeGreaterThan(0)
      for (const saying of overdueSayings(shortlist)) expect(saying).not.toContain(ratingSourceName)
    }
    // Berkeley's release is older than its quarterly cadence by the clock of this machine or it is not.
    const vrod = sources.find((s) => s.id === 'src_vrod')!
    const notes = lists.flatMap((s) => s.notes).filter((n) => /overdue/.test(n))
    if (vrod.state === 'stale') expect(notes.every((n) => n.includes(vrod.name))).toBe(true)
    else expect(notes).toEqual([])
  })
})
