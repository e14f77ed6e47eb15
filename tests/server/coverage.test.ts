import { gzipSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'
import { appliesTo, cellState, coverageMatrix } from '../../src/api/contract/coverage'
import { projectPage } from '../../src/api/contract/projects'
import { sourceList } from '../../src/api/contract/sources'
import { call } from '../support/http'

const api = inject('apiUrl')
const matrix = async (query = '') => coverageMatrix.parse((await call(api, `/api/coverage${query}`)).body)

describe('GET /api/coverage', () => {
  it('lists every project against every source of facts, with whole-hour ages aligned to the sources', async () => {
    const all = await matrix('?per_page=20000')
    const sources = sourceList.parse((await call(api, '/api/sources')).body).data
    // The open rating is worked out from the others' facts: it has no column, as it has no cadence to be overdue on.
    const ofFacts = sources.filter((s) => s.kind !== 'rating')
    expect(all.sources.map((s) => s.id).sort()).toEqual(ofFacts.map((s) => s.id).sort())
    expect(all.rows).toHaveLength(all.total)
    for (const row of all.rows.slice(0, 100)) expect(row.ages).toHaveLength(all.sources.length)
  })

  it('lists its rows in key order, as the project list orders keys: VCS999 before VCS1000', async () => {
    const all = await matrix('?per_page=20000')
    const keys = all.rows.map((row) => row.key)
    const listed: string[] = []
    for (let page = 1; listed.length < keys.length; page++) {
      const { data } = projectPage.parse((await call(api, `/api/projects?sort=key&per_page=200&page=${page}`)).body)
      if (data.length === 0) break
      listed.push(...data.map((p) => p.key))
    }
    expect(keys).toEqual(listed)
    // The generated catalogue has keys of several lengths in one registry, whose order by code unit differs.
    expect(keys).not.toEqual([...keys].sort())
    const numbers = keys.filter((key) => key.startsWith('VCS')).map((key) => Number(key.slice(3)))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  })

  it('summarises fresh, stale and missing per source over applicable cells', async () => {
    const all = await matrix('?per_page=20000')
    all.sources.forEach((source, j) => {
      const counts = { fresh: 0, stale: 0, missing: 0 }
      for (const row of all.rows) if (appliesTo(source, row)) counts[cellState(row.ages[j], source.cadence_hours)]++
      expect(source.summary).toEqual(counts)
    })
    expect(all.sources.some((s) => s.summary.stale > 0)).toBe(true)
  })

  it('filters by state and source, sorts stalest first, and pages', async () => {
    const stale = await matrix('?state=stale&sort=stalest&per_page=10&source=src_gold_standard')
    expect(stale.sources).toHaveLength(1)
    expect(stale.rows.length).toBeLessThanOrEqual(10)
    const ages = stale.rows.map((r) => r.ages[0] ?? Infinity)
    expect(ages).toEqual([...ages].sort((a, b) => b - a))
    for (const row of stale.rows) expect(cellState(row.ages[0], stale.sources[0].cadence_hours)).toBe('stale')
  })

  it('stays compact: under 40 bytes a project as sent compressed', async () => {
    const response = await fetch(`${api}/api/coverage?per_page=20000`, {
      headers: { authorization: 'Bearer dev-access-token', 'accept-encoding': 'gzip' },
    })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const body = (await response.json()) as { total: number }
    const sent = Number(response.headers.get('content-length') ?? 0) || gzipSync(JSON.stringify(body)).length
    expect(sent / body.total).toBeLessThan(40)
  })

  it('answers 400 for an unknown state', async () => {
    expect((await call(api, '/api/coverage?state=rotten')).status).toBe(400)
  })

  it('refuses a source filter that names no column, saying which sources the columns are', async () => {
    const columns = (await matrix('?per_page=1')).sources.map((s) => s.id)
    // The open rating is in the catalog of sources but draws no column; an id of nothing draws none either.
    const refused = await call(api, `/api/coverage?source=${columns[0]}&source=src_ratings&source=src_nothing`)
    expect(refused.status).toBe(400)
    const problem = refused.body as { errors: { path: string; message: string }[] }
    expect(problem.errors.map((e) => e.path)).toEqual(['source.1', 'source.2'])
    expect(problem.errors[0].message).toBe(`“src_ratings” draws no column of the coverage map; its columns are ${columns.join(', ')}`)
    expect((await matrix(`?per_page=1&source=${columns[0]}`)).sources.map((s) => s.id)).toEqual([columns[0]])
  })
})
