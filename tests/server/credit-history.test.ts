import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coverageMatrix } from '../../src/api/contract/coverage'
import { projectCreditHistory, projectPage } from '../../src/api/contract/projects'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call } from '../support/http'

/**
 * The credit history of the projects a filter leaves, from the catalogue. Credits per year arrive with the real
 * data's import; here they are written straight into the database of a stopped API, which then starts on it.
 */
const years = [
  // Two Verra projects and a Gold Standard one; the Gold Standard project's 2021 is all zero.
  { at: 0, year: 2019, issued_by_vintage: 1000, issued_in_year: 0, retired_in_year: 0, remaining_by_vintage: 800 },
  { at: 0, year: 2020, issued_by_vintage: 500, issued_in_year: 1500, retired_in_year: 300, remaining_by_vintage: 500 },
  { at: 1, year: 2020, issued_by_vintage: 40, issued_in_year: 40, retired_in_year: -5, remaining_by_vintage: 30 },
  { at: 2, year: 2018, issued_by_vintage: 7, issued_in_year: 7, retired_in_year: 7, remaining_by_vintage: 0 },
  { at: 2, year: 2021, issued_by_vintage: 0, issued_in_year: 0, retired_in_year: 0, remaining_by_vintage: 0 },
]

describe('GET /api/projects/credit-history', () => {
  let server: ApiServer
  let keys: { vcs: string[]; gs: string }
  beforeAll(async () => {
    const first = await startApiServer({ projects: 300 })
    await first.stop()
    const database = await connectDatabase({ url: first.databaseUrl, dataDir: first.dataDir })
    try {
      const live = database.db.withSchema('live')
      const vcs = await live.selectFrom('projects').select(['id', 'key']).where('registry', '=', 'VCS').orderBy('key').limit(2).execute()
      const gs = await live.selectFrom('projects').select(['id', 'key']).where('registry', '=', 'GS').orderBy('key').limit(1).execute()
      const projects = [...vcs, ...gs]
      await live
        .insertInto('credit_years')
        .values(years.map(({ at, ...year }) => ({ project_id: projects[at].id, ...year })))
        .execute()
      keys = { vcs: vcs.map((p) => p.key), gs: gs[0].key }
    } finally {
      await database.close()
    }
    server = await startApiServer({ dataDir: first.dataDir })
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
  })

  const history = async (query: string) => {
    const answer = await call(server.url, `/api/projects/credit-history${query}`)
    expect(answer.status).toBe(200)
    return projectCreditHistory.parse(answer.body)
  }

  it('sums every series per year over all projects, ascending, leaving out years where every series is zero', async () => {
    const all = await history('')
    const total = projectPage.parse((await call(server.url, '/api/projects?per_page=1')).body).total
    expect(all).toEqual({
      object: 'credit_history',
      projects: total,
      years: [
        { year: 2018, issued_by_vintage: 7, issued_in_year: 7, retired_in_year: 7, retired_by_vintage: 7, remaining_by_vintage: 0 },
        { year: 2019, issued_by_vintage: 1000, issued_in_year: 0, retired_in_year: 0, retired_by_vintage: 200, remaining_by_vintage: 800 },
        { year: 2020, issued_by_vintage: 540, issued_in_year: 1540, retired_in_year: 295, retired_by_vintage: 10, remaining_by_vintage: 530 },
      ],
    })
  })

  it('takes the list\'s filters: a registry, a text search', async () => {
    const verra = await history('?registry=VCS')
    const verraCount = projectPage.parse((await call(server.url, '/api/projects?registry=VCS&per_page=1')).body).total
    expect(verra.projects).toBe(verraCount)
    expect(verra.years.map((y) => y.year)).toEqual([2019, 2020])
    expect(verra.years[1].issued_in_year).toBe(1540)

    const one = await history(`?q=${keys.vcs[1].toLowerCase()}`)
    expect(one.years).toEqual([{ year: 2020, issued_by_vintage: 40, issued_in_year: 40, retired_in_year: -5, retired_by_vintage: 10, remaining_by_vintage: 30 }])

    const goldStandard = await history(`?registry=GS&q=${keys.gs}`)
    expect(goldStandard.years.map((y) => y.year)).toEqual([2018])
  })

  it('answers an empty history for a filter no project passes, and 400 for an unknown parameter', async () => {
    expect(await history('?q=no-such-project-anywhere')).toEqual({ object: 'credit_history', projects: 0, years: [] })
    expect((await call(server.url, '/api/projects/credit-history?year=2020')).status).toBe(400)
  })

  it('says of every project and coverage row whether it is synthetic', async () => {
    const page = projectPage.parse((await call(server.url, '/api/projects?per_page=5')).body)
    expect(page.data.every((p) => p.synthetic === true)).toBe(true)
    const matrix = coverageMatrix.parse((await call(server.url, '/api/coverage?per_page=5')).body)
    expect(matrix.rows.every((row) => row.synthetic === true)).toBe(true)
    expect((await call(server.url, `/api/projects/${keys.gs}`)).body.synthetic).toBe(true)
  })
})
