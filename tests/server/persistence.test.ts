import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { projectDetail } from '../../src/api/contract/projects'
import { sourceRun } from '../../src/api/contract/sources'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'
import { ratingVersion } from '../../src/server/core/method-versions'

const running: ApiServer[] = []
const start = async (dataDir: string, env: Record<string, string> = {}) => {
  const server = await startApiServer({ dataDir, projects: 300, env })
  running.push(server)
  return server
}
afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL')
})

describe('persistence across restarts', () => {
  it('keeps recommendations and runs, and does not regenerate the dataset', async () => {
    const dataDir = tempDataDir()
    const first = await start(dataDir)
    const recommendation = (await call(first.url, '/api/recommendations', { json: { budget_usd: 5000 } })).body
    const run = (await call(first.url, '/api/source-runs', { json: { source: 'ratings' } })).body
    await waitFor(async () => {
      const state = (await call(first.url, `/api/source-runs/${run.id}`)).body.state
      return state === 'succeeded' ? state : undefined
    })
    const projectsBefore = (await call(first.url, '/api/projects?per_page=5')).body
    await first.stop()

    const second = await start(dataDir)
    expect((await call(second.url, `/api/recommendations/${recommendation.id}`)).body).toEqual(recommendation)
    expect(sourceRun.parse((await call(second.url, `/api/source-runs/${run.id}`)).body).state).toBe('succeeded')
    expect((await call(second.url, '/api/projects?per_page=5')).body).toEqual(projectsBefore)
  })

  it('marks a run cut off by a crash as failed, with none of its changes applied', async () => {
    const dataDir = tempDataDir()
    // Slow batches keep the run in progress long enough to kill the process in the middle of it. On PostgreSQL
    // the run is failed once its lease lapses (3 s here), since another process could be running it; the
    // embedded store's one owner fails it as it starts.
    const first = await start(dataDir, { CREDENCE_RUN_STEP_MS: '400', CREDENCE_RUN_LEASE_MS: '3000' })
    const keys = (await call(first.url, '/api/projects?status=registered&per_page=50')).body.data.map((p: { key: string }) => p.key).join(',')
    const pricesPath = `/api/connectors/marketsource/market/batch?projectKeys=${keys}`
    const pricesBefore = (await call(first.url, pricesPath)).body
    const run = (await call(first.url, '/api/source-runs', { json: { source: 'marketsource' } })).body
    await waitFor(async () => {
      const r = (await call(first.url, `/api/source-runs/${run.id}`)).body
      return r.state === 'running' && r.progress.processed > 0 ? r : undefined
    })
    await first.stop('SIGKILL')

    const second = await start(dataDir, { CREDENCE_RUN_REAP_MS: '500' })
    const after = await waitFor(async () => {
      const r = sourceRun.parse((await call(second.url, `/api/source-runs/${run.id}`)).body)
      return r.state === 'running' ? undefined : r
    })
    expect(after.state).toBe('failed')
    expect(after.error?.code).toBe('interrupted')
    expect((await call(second.url, pricesPath)).body).toEqual(pricesBefore)
  })

  it('re-rates, once, a catalogue its older rules rated, so a grade and the method page speak of one version', async () => {
    const first = await start(tempDataDir())
    const [project] = (await call(first.url, '/api/projects?sort=key&per_page=1')).body.data as { id: string }[]
    const rated = projectDetail.parse((await call(first.url, `/api/projects/${project.id}`)).body)
    await first.stop()

    // As a catalogue rated by credence-rating/2 would be: the older version on record, a score it gave.
    const database = await connectDatabase({ url: first.databaseUrl, dataDir: first.dataDir })
    try {
      await sql`update live.meta set value = 'credence-rating/2' where key = 'rating_version'`.execute(database.db)
      await sql`update live.projects set quality_score = 99, quality_grade = 'AAA' where id = ${project.id}`.execute(database.db)
      await sql`update live.sources set name = 'Credence open rating (credence-rating/2)' where id = 'src_ratings'`.execute(database.db)
    } finally {
      await database.close()
    }

    const second = await start(first.dataDir)
    const rerated = projectDetail.parse((await call(second.url, `/api/projects/${project.id}`)).body)
    expect(rerated.quality).toEqual(rated.quality)
    expect(rerated.quality_breakdown.score).toBe(rated.quality_breakdown.score)
    const sources = (await call(second.url, '/api/sources')).body.data as { id: string; name: string }[]
    expect(sources.find((source) => source.id === 'src_ratings')!.name).toContain(ratingVersion)
    await second.stop()

    const check = await connectDatabase({ url: first.databaseUrl, dataDir: first.dataDir })
    try {
      const { rows } = await sql<{ value: string }>`select value from live.meta where key = 'rating_version'`.execute(check.db)
      expect(rows[0]?.value).toBe(ratingVersion)
    } finally {
      await check.close()
    }
  })
})
