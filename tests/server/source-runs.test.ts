import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { coverageMatrix } from '../../src/api/contract/coverage'
import { priceBatch } from '../../src/api/contract/prices'
import { projectPage } from '../../src/api/contract/projects'
import { sourceList, sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { call, tokens, waitFor } from '../support/http'

const api = inject('apiUrl')

const startRun = (body: unknown, options: { key?: string; token?: string } = {}) =>
  call(api, '/api/source-runs', {
    json: body,
    token: options.token ?? tokens.live,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  })

const finished = (id: string, token = tokens.live) =>
  waitFor(async () => {
    const run = sourceRun.parse((await call(api, `/api/source-runs/${id}`, { token })).body)
    return run.state === 'succeeded' || run.state === 'failed' ? run : undefined
  })

async function someKeys(count: number, token = tokens.live) {
  return projectPage.parse((await call(api, `/api/projects?status=registered&per_page=${count}`, { token })).body).data.map((p) => p.key)
}

describe('POST /api/source-runs', () => {
  it('answers 202 with the queued run and its Location, and the run reaches succeeded with counts', async () => {
    const keys = await someKeys(5)
    const answer = await startRun({ source: 'marketsource', project_keys: keys })
    expect(answer.status).toBe(202)
    const run = sourceRun.parse(answer.body)
    expect(answer.headers.get('location')).toBe(`/api/source-runs/${run.id}`)
    expect(run.state).toBe('queued')
    const done = await finished(run.id)
    expect(done.state).toBe('succeeded')
    expect(done.started_at && done.finished_at).toBeTruthy()
    expect(done.counts.created + done.counts.updated).toBe(5)
  })

  it('updates the prices and the freshness the run touched', async () => {
    const keys = await someKeys(3)
    const before = Date.now()
    const run = sourceRun.parse((await startRun({ source: 'src_marketsource', project_keys: keys })).body)
    await finished(run.id)
    const prices = priceBatch.parse((await call(api, `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}`)).body)
    for (const price of prices.data) expect(Date.parse(price.as_of)).toBeGreaterThanOrEqual(before - 1000)
    const coverage = coverageMatrix.parse((await call(api, `/api/coverage?${keys.map((k) => `project=${k}`).join('&')}`)).body)
    const column = coverage.sources.findIndex((s) => s.id === 'src_marketsource')
    for (const row of coverage.rows) expect(row.ages[column]).toBe(0)
    const source = sourceList.parse((await call(api, '/api/sources')).body).data.find((s) => s.id === 'src_marketsource')!
    expect(source.last_run?.id).toBe(run.id)
  })

  it('returns the same run for a retry with the same Idempotency-Key', async () => {
    const key = randomUUID()
    const body = { source: 'ratings', project_keys: await someKeys(2) }
    const [first, second] = await Promise.all([startRun(body, { key }), startRun(body, { key })])
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(second.body.id).toBe(first.body.id)
    const third = await startRun(body, { key })
    expect(third.body.id).toBe(first.body.id)
    expect(third.headers.get('idempotent-replayed')).toBe('true')
  })

  it('answers 422 when an Idempotency-Key is reused with a different body', async () => {
    const key = randomUUID()
    await startRun({ source: 'ratings', project_keys: await someKeys(1) }, { key })
    const conflict = await startRun({ source: 'marketsource' }, { key })
    expect(conflict.status).toBe(422)
    expect(conflict.body.type).toContain('idempotency')
  })

  it('answers 422 for an unknown source or a malformed key list', async () => {
    expect((await startRun({ source: 'nowhere' })).body.errors[0].path).toBe('source')
    expect((await startRun({ source: 'ratings', project_keys: ['<script>'] })).status).toBe(422)
    expect((await startRun({ source: 'ratings', extra: 1 })).status).toBe(422)
  })

  it('counts requested keys the source does not cover as skipped, and names each with why', async () => {
    const run = sourceRun.parse((await startRun({ source: 'ratings', project_keys: ['NOSUCH1', ...(await someKeys(1))] })).body)
    const done = await finished(run.id)
    expect(done.counts.skipped).toBe(1)
    expect(done.counts_by_kind?.skipped).toEqual({ rows: 0, projects: 1 })
    // "1 project skipped" named none: the run says which, and why.
    expect(done.skipped_projects).toEqual([{ key: 'NOSUCH1', reason: 'no project has this key' }])
    expect(done.skipped_rows).toEqual([])
  })

  it('names the projects the market leaves out: those not traded, with why, at most ten of them', async () => {
    const pipeline = projectPage.parse((await call(api, '/api/projects?status=pipeline&per_page=12')).body).data
    expect(pipeline.length).toBe(12)
    const run = sourceRun.parse((await startRun({ source: 'marketsource', project_keys: [...pipeline.map((p) => p.key), ...(await someKeys(1))] })).body)
    const done = await finished(run.id)
    expect(done.state).toBe('succeeded')
    expect(done.counts_by_kind?.skipped.projects).toBe(pipeline.length)
    expect(done.skipped_projects).toEqual(
      pipeline.slice(0, 10).map((p) => ({ key: p.key, reason: 'in the pipeline: not traded, so not quoted' })),
    )
  })

  it('fails a VROD run clearly when the file is missing, changing nothing', async () => {
    // The shared test server is started without a VROD file unless the machine has one.
    const run = sourceRun.parse((await startRun({ source: 'vrod', project_keys: ['NOSUCH1'] })).body)
    const done: SourceRun = await finished(run.id)
    if (done.state === 'failed') expect(done.error?.code).toMatch(/source_/)
    else expect(done.counts.skipped).toBe(1)
  })
})

describe('sandbox runs', () => {
  it('are accepted as simulated runs that change no data', async () => {
    const keys = await someKeys(3, tokens.sandbox)
    const path = `/api/connectors/marketsource/market/batch?projectKeys=${keys.join(',')}`
    const before = (await call(api, path, { token: tokens.sandbox })).body
    const catalog = async () =>
      sourceList
        .parse((await call(api, '/api/sources', { token: tokens.sandbox })).body)
        .data.map((s) => ({ id: s.id, last_success_at: s.last_success_at, last_run: s.last_run, covered: s.projects_covered }))
    const sourcesBefore = await catalog()
    const answer = await startRun({ source: 'marketsource', project_keys: keys }, { token: tokens.sandbox })
    expect(answer.status).toBe(202)
    expect(answer.body.simulated).toBe(true)
    const done = await finished(answer.body.id, tokens.sandbox)
    expect(done.state).toBe('succeeded')
    expect((await call(api, path, { token: tokens.sandbox })).body).toEqual(before)
    expect(await catalog()).toEqual(sourcesBefore)
    expect((await call(api, `/api/source-runs/${done.id}`)).status).toBe(404)
  })
})

describe('GET /api/source-runs', () => {
  it('lists runs newest first with the total', async () => {
    const page = (await call(api, '/api/source-runs?per_page=5')).body
    expect(page.total).toBeGreaterThan(0)
    const times = page.data.map((r: SourceRun) => r.created_at)
    expect(times).toEqual([...times].sort().reverse())
  })
})
