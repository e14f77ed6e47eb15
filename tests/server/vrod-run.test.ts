import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/api/contract/catalogue'
import { projectDetail } from '../../src/api/contract/projects'
import { recommendation } from '../../src/api/contract/recommendations'
import { sourceList, sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { readVrodProjects } from '../../src/server/importers/vrod-normalise'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'
import { startApiServer, tempDataDir, type ApiServer } from '../support/api-server'
import { call, waitFor } from '../support/http'

const realFile = process.env.CREDENCE_VROD_FILE ?? resolve('../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')
const servers: ApiServer[] = []
afterAll(async () => {
  for (const server of servers) await server.stop()
})

/**
 * Starts an API on 300 generated projects, does `before` on it, then runs the connector on a file and follows the run
 * to its end, keeping the progress seen on the way.
 */
async function importWith(file: string, before?: (server: ApiServer) => Promise<void>): Promise<{ server: ApiServer; run: SourceRun; seen: SourceRun['progress'][] }> {
  const server = await startApiServer({ projects: 300, env: { CREDENCE_VROD_FILE: file, CREDENCE_RUN_STEP_MS: '0' } })
  servers.push(server)
  await before?.(server)
  const started = sourceRun.parse((await call(server.url, '/api/source-runs', { json: { source: 'vrod' } })).body)
  const seen: SourceRun['progress'][] = []
  const run = await waitFor(async () => {
    const r = sourceRun.parse((await call(server.url, `/api/source-runs/${started.id}`)).body)
    seen.push(r.progress)
    return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
  }, 120_000, 100)
  return { server, run, seen }
}

describe('the Berkeley VROD connector', () => {
  it('upserts the projects of a CSV export by key, with their names, registries and credits', async () => {
    const file = await writeVrodCsvFixture(tempDataDir())
    const expected = await readVrodProjects(file)
    const { server, run } = await importWith(file)
    expect(run.state).toBe('succeeded')
    // Neither its name nor its rows give a date: it is dated by its last change, and the run says so.
    expect(run).toMatchObject({ as_of: `${new Date(statSync(file).mtime).toISOString().slice(0, 10)}T00:00:00.000Z`, as_of_basis: 'file_date' })
    expect(run.counts.created + run.counts.updated + run.counts.unchanged).toBe(expected.projects.length)
    expect(run.counts.skipped).toBe(expected.skipped.length)
    for (const project of expected.projects) {
      const detail = projectDetail.parse((await call(server.url, `/api/projects/${encodeURIComponent(project.key)}`)).body)
      expect(detail.name).toBe(project.name)
      expect(detail.registry).toBe(project.registry)
      expect(detail.credits.issued).toBe(Number(project.issued))
    }

    // That guess dates the catalogue and the source until the same file is imported as of the day its data holds:
    // then every project it dated, the source and the catalogue say that day, not the newest date ever brought.
    const dated = async () => ({
      catalogue: catalogue.parse((await call(server.url, '/api/catalogue')).body).as_of,
      source: sourceList.parse((await call(server.url, '/api/sources')).body).data.find((s) => s.id === 'src_vrod')!.last_success_at,
    })
    expect(await dated()).toEqual({ catalogue: run.as_of, source: run.as_of })
    const asked = sourceRun.parse((await call(server.url, '/api/source-runs', { json: { source: 'vrod', as_of: '2024-01-31' } })).body)
    const corrected = await waitFor(async () => {
      const r = sourceRun.parse((await call(server.url, `/api/source-runs/${asked.id}`)).body)
      return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
    }, 120_000, 100)
    expect(corrected).toMatchObject({ state: 'succeeded', as_of: '2024-01-31T00:00:00.000Z', as_of_basis: 'requested' })
    expect(projectDetail.parse((await call(server.url, `/api/projects/${encodeURIComponent(expected.projects[0].key)}`)).body).updated_at).toBe(corrected.as_of)
    expect(await dated()).toEqual({ catalogue: corrected.as_of, source: corrected.as_of })
  }, 120_000)

  it.skipIf(!existsSync(realFile))('imports all 10,975 projects of the real v2025-12 file in place of the generated ones, its progress moving as it rates them, while stored shortlists stay', async () => {
    let stored: { id: string } | undefined
    const { server, run, seen } = await importWith(realFile, async (server) => {
      const before = catalogue.parse((await call(server.url, '/api/catalogue')).body)
      expect(before).toMatchObject({ projects: 300, synthetic_projects: 300, as_of: null, attribution: null })
      const made = await call(server.url, '/api/recommendations', { json: { budget_usd: 50_000 } })
      expect(made.status).toBe(201)
      const items = recommendation.parse(made.body).items
      expect(items.length).toBeGreaterThan(0)
      expect(items.every((item) => item.project.synthetic)).toBe(true)
      stored = made.body
    })
    expect(run.state).toBe('succeeded')
    expect(run.as_of).toBe('2025-12-31T00:00:00.000Z')
    expect(run.as_of_basis).toBe('file_name')
    expect(run.counts.created).toBe(10_975)
    expect(run.progress.processed).toBe(10_975)
    // Reported every 500 projects rated: a run followed every 100 ms is seen part of the way through.
    expect(seen.some((p) => p.total === 10_975 && p.processed > 0 && p.processed < 10_975)).toBe(true)
    const processed = seen.map((p) => p.processed)
    expect(processed).toEqual([...processed].sort((a, b) => a - b))
    expect(run.counts.created + run.counts.updated + run.counts.unchanged).toBe(10_975)
    const art = (await call(server.url, '/api/projects?registry=ART&per_page=1')).body
    expect(art.total).toBeGreaterThanOrEqual(27)
    // Dated by the release (2025-12-31), not by the import: older than the source's 90-day cadence.
    const coverage = (await call(server.url, '/api/coverage?source=src_vrod&per_page=1')).body
    expect(coverage.sources[0].summary.stale).toBe(10_975)
    // The generated projects went; a shortlist stored from them is still served as it was made.
    const after = catalogue.parse((await call(server.url, '/api/catalogue')).body)
    expect(after).toMatchObject({ projects: 10_975, synthetic_projects: 0, as_of: '2025-12-31T00:00:00.000Z' })
    expect((await call(server.url, `/api/recommendations/${stored!.id}`)).body).toEqual(stored)
  }, 180_000)
})
