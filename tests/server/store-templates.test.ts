import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/api/contract/catalogue'
import { recommendation } from '../../src/api/contract/recommendations'
import { sourceList } from '../../src/api/contract/sources'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, tokens } from '../support/http'

/**
 * Test servers seeded from a file start on copies of one store the run prepared (tests/support/store-templates.ts):
 * each copy holds all a first start seeds, and what one server stores stays its own.
 */
describe('servers seeded from the same file', () => {
  const servers: ApiServer[] = []
  let file: string
  beforeAll(async () => {
    file = await writeVrodCsvFixture(tempDataDir())
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })
  const start = async () => {
    const server = await startApiServer({ projects: 50, env: { CREDENCE_LIVE_DATA: 'vrod', CREDENCE_VROD_FILE: file, CREDENCE_RUN_STEP_MS: '0' } })
    servers.push(server)
    return server
  }
  const seedingRun = async (server: ApiServer) =>
    sourceList.parse((await call(server.url, '/api/sources')).body).data.find((source) => source.id === 'src_vrod')?.last_run?.id

  it('start on copies of one seeding, both datasets in it, and keep what each stores to itself', async () => {
    const first = await start()
    const second = await start()
    // One seeding run, recorded once: both stores are copies of the same first start.
    expect(await seedingRun(first)).toMatch(/^run_/)
    expect(await seedingRun(second)).toBe(await seedingRun(first))
    for (const server of [first, second]) {
      const live = catalogue.parse((await call(server.url, '/api/catalogue')).body)
      expect(live).toMatchObject({ dataset: 'live', synthetic_projects: 0 })
      expect(live.projects).toBeGreaterThan(0)
      expect(catalogue.parse((await call(server.url, '/api/catalogue', { token: tokens.sandbox })).body)).toMatchObject({ dataset: 'sandbox', projects: 50 })
    }

    const made = await call(first.url, '/api/recommendations', { token: tokens.sandbox, json: { budget_usd: 100_000 } })
    expect(made.status).toBe(201)
    const { id } = recommendation.parse(made.body)
    expect((await call(first.url, `/api/recommendations/${id}`, { token: tokens.sandbox })).status).toBe(200)
    expect((await call(second.url, `/api/recommendations/${id}`, { token: tokens.sandbox })).status).toBe(404)
  })
})
