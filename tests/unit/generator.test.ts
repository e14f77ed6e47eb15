import { describe, it, expect } from 'vitest'
import { cellState } from '../../src/api/contract/coverage'
import { labelNames } from '../../src/api/contract/vocabulary'
import { deriveCoBenefits } from '../../src/api/co-benefits'
import { generateDataset } from '../../src/server/seeding/generator'
import { projectIdFor } from '../../src/server/core/ids'
import { maxQualityPremiumUsd, priceBandFor } from '../../src/server/pricing/bands'
import { ensureSeeded, seedDataset } from '../../src/server/seeding/seed'
import { sourceFor } from '../../src/server/sources/source-list'
import { connectDatabase } from '../../src/server/db/engine/connect'
import { migrate } from '../../src/server/db/migrations'
import { isSeeded } from '../../src/server/db/queries/meta'
import { datasets } from '../../src/server/db/schema'
import { compositeScore } from '../../src/server/quality/composite'

const now = new Date('2026-11-20T12:00:00Z')
const vrodProjects = 10_975
const data = generateDataset({ projects: vrodProjects, seed: 20251201, now })
const { projects } = data
const hoursBefore = (at: Date | string) => (now.getTime() - new Date(at).getTime()) / 3_600_000
const share = (count: number) => count / projects.length

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

describe('generateDataset', () => {
  it('gives the same dataset for the same seed and a different one for another seed', () => {
    const a = generateDataset({ projects: 1500, seed: 7, now })
    const b = generateDataset({ projects: 1500, seed: 7, now })
    const c = generateDataset({ projects: 1500, seed: 8, now })
    expect(b).toEqual(a)
    expect(c.projects.map((p) => p.key)).not.toEqual(a.projects.map((p) => p.key))
  })

  it('generates as many projects as asked, each with a unique key and an id derived from it', () => {
    expect(projects).toHaveLength(vrodProjects)
    expect(new Set(projects.map((p) => p.key)).size).toBe(vrodProjects)
    for (const p of projects) expect(p.id).toBe(projectIdFor(p.key))
  })

  it('prefixes every key with its registry code, as registries number their projects', () => {
    for (const p of projects) expect(p.key).toMatch(new RegExp(`^${p.registry}\\d+$`))
  })

  it('splits projects across registries within two points of VROD v2025-12', () => {
    const vrod = { VCS: 4830, GS: 3982, CAR: 1182, ACR: 954, ART: 27 }
    for (const [registry, count] of Object.entries(vrod)) {
      const actual = share(projects.filter((p) => p.registry === registry).length)
      expect(Math.abs(actual - count / vrodProjects)).toBeLessThan(0.02)
    }
    const removalRegistries = share(projects.filter((p) => p.registry === 'ISO' || p.registry === 'PURO').length)
    expect(removalRegistries).toBeGreaterThan(0.002)
    expect(removalRegistries).toBeLessThan(0.01)
  })

  it('keeps CAR and ACR in North America and ART to jurisdictional REDD+', () => {
    const northAmerican = projects.filter((p) => p.registry === 'CAR' || p.registry === 'ACR')
    expect(share(northAmerican.filter((p) => p.region === 'North America').length) / share(northAmerican.length)).toBeGreaterThan(0.85)
    for (const p of projects.filter((p) => p.registry === 'ART')) expect(p.type).toBe('Jurisdictional REDD+')
    for (const p of projects.filter((p) => p.registry === 'ISO' || p.registry === 'PURO')) {
      expect(['Biochar', 'Direct Air Capture', 'Enhanced Rock Weathering']).toContain(p.type)
    }
  })

  it('makes cookstoves the most common type, as in VROD', () => {
    const counts = new Map<string, number>()
    for (const p of projects) counts.set(p.type, (counts.get(p.type) ?? 0) + 1)
    const [top] = [...counts].sort((a, b) => b[1] - a[1])
    expect(top[0]).toBe('Cookstoves')
    expect(counts.size).toBeGreaterThanOrEqual(40)
  })

  it('issues and retires credits on the scale of VROD (2.55 bn issued, 1.46 bn retired), mostly in a few large projects', () => {
    const issued = projects.reduce((sum, p) => sum + Number(p.issued), 0)
    const retired = projects.reduce((sum, p) => sum + Number(p.retired), 0)
    expect(issued).toBeGreaterThan(1.8e9)
    expect(issued).toBeLessThan(3.4e9)
    expect(retired).toBeGreaterThan(0.9e9)
    expect(retired).toBeLessThan(2.0e9)
    const sizes = projects.map((p) => Number(p.issued)).sort((a, b) => a - b)
    const median = sizes[Math.floor(sizes.length / 2)]
    expect(sizes[sizes.length - 1]).toBeGreaterThan(100 * median)
  })

  it('keeps the credit ledger consistent: remaining is issued less retired and a little cancelled', () => {
    for (const p of projects) {
      const [issued, retired, remaining] = [Number(p.issued), Number(p.retired), Number(p.remaining)]
      expect(retired).toBeLessThanOrEqual(issued)
      expect(remaining).toBeGreaterThanOrEqual(0)
      expect(remaining).toBeLessThanOrEqual(issued - retired)
      expect(issued - retired - remaining).toBeLessThanOrEqual(Math.ceil(0.05 * issued))
    }
  })

  it('puts buffer deposits only on impermanent removals', () => {
    for (const p of projects) if (Number(p.buffer) > 0) expect(p.reduction_removal).toBe('impermanent_removal')
    expect(projects.some((p) => Number(p.buffer) > 0)).toBe(true)
  })

  it('has mostly issued nothing yet for pipeline projects, and dates them recently', () => {
    const pipeline = projects.filter((p) => p.status === 'pipeline')
    expect(pipeline.filter((p) => Number(p.issued) === 0).length / pipeline.length).toBeGreaterThan(0.85)
    for (const p of pipeline) {
      expect(p.registered_at).toBeNull()
      if (p.vintage != null) expect(p.vintage).toBeGreaterThanOrEqual(now.getUTCFullYear() - 5)
    }
  })

  it('leaves the vintage empty for about 15% of projects and keeps the rest between 2000 and this year', () => {
    const missing = share(projects.filter((p) => p.vintage == null).length)
    expect(missing).toBeGreaterThan(0.1)
    expect(missing).toBeLessThan(0.2)
    for (const p of projects) if (p.vintage != null) expect(p.vintage).toBeGreaterThanOrEqual(2000)
    for (const p of projects) if (p.vintage != null) expect(p.vintage).toBeLessThanOrEqual(now.getUTCFullYear())
  })

  it('writes listing and registration dates as ISO dates, registration after listing', () => {
    for (const p of projects) {
      expect(p.listed_at).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      if (p.registered_at) expect(p.registered_at >= p.listed_at!).toBe(true)
    }
  })

  it('uses the registries\' label strings: CCP on about 1.8% of projects, CCB mostly on land use', () => {
    const known = new Set<string>(Object.values(labelNames))
    for (const p of projects) for (const label of p.labels) expect(known).toContain(label)
    const ccp = share(projects.filter((p) => p.labels.includes(labelNames.ccp)).length)
    expect(ccp).toBeGreaterThan(0.01)
    expect(ccp).toBeLessThan(0.03)
    const ccb = projects.filter((p) => p.labels.some((l) => l.startsWith('CCB-')))
    expect(ccb.filter((p) => p.scope === 'Forestry & Land Use').length / ccb.length).toBeGreaterThan(0.8)
    const corsia = share(projects.filter((p) => p.labels.some((l) => l.startsWith('CORSIA'))).length)
    expect(corsia).toBeGreaterThan(0.01)
    expect(corsia).toBeLessThan(0.08)
    expect(share(projects.filter((p) => p.labels.includes(labelNames.article6)).length)).toBeLessThan(0.01)
  })

  it('lists UN SDGs for Gold Standard projects only, always including climate action', () => {
    for (const p of projects) {
      if (p.registry === 'GS') expect(p.sdgs).toContain(13)
      else expect(p.sdgs).toEqual([])
    }
  })

  it('derives co-benefits from type, labels and SDGs', () => {
    for (const p of projects.slice(0, 2000)) expect(p.co_benefits).toEqual(deriveCoBenefits(p))
  })

  it('names projects as registries do, with accents, ampersands, slashes, quotes and a few very long names', () => {
    const names = projects.map((p) => p.name)
    expect(names.some((n) => /[^ -~]/.test(n))).toBe(true)
    expect(names.some((n) => n.includes('&'))).toBe(true)
    expect(names.some((n) => n.includes('/'))).toBe(true)
    expect(names.some((n) => n.includes('"'))).toBe(true)
    expect(names.some((n) => n.includes("'"))).toBe(true)
    expect(names.some((n) => n.length >= 180)).toBe(true)
    for (const n of names) expect(n.length).toBeLessThanOrEqual(220)
  })

  it('derives each quality score and grade from the project\'s own signals', () => {
    const byProject = groupBy(data.signals, (s) => s.project_id)
    for (const p of projects.slice(0, 2000)) {
      const signals = (byProject.get(p.id) ?? []).map((s) => ({ key: s.signal, value: s.value }))
      const composite = compositeScore(signals)
      expect(p.quality_score).toBe(composite.score)
      expect(p.quality_grade).toBe(composite.grade)
    }
  })

  it('prices about 95% of non-pipeline projects, within their type\'s band plus a quality premium', () => {
    const byId = new Map(projects.map((p) => [p.id, p]))
    const nonPipeline = projects.filter((p) => p.status !== 'pipeline')
    const priced = new Set(data.prices.map((p) => p.project_id))
    const pricedShare = nonPipeline.filter((p) => priced.has(p.id)).length / nonPipeline.length
    expect(pricedShare).toBeGreaterThan(0.92)
    expect(pricedShare).toBeLessThan(0.98)
    for (const price of data.prices) {
      const band = priceBandFor(byId.get(price.project_id)!.type)
      expect(price.value).toBeGreaterThanOrEqual(band.min)
      expect(price.value).toBeLessThanOrEqual(band.max + maxQualityPremiumUsd)
      expect(Math.round(price.value * 100)).toBeCloseTo(price.value * 100, 6)
      expect(price.source_id).toBe('src_marketsource')
      expect(hoursBefore(price.as_of)).toBeLessThan(7 * 24)
    }
    const cookstoves = data.prices.filter((p) => byId.get(p.project_id)!.type === 'Cookstoves').map((p) => p.value)
    const dac = data.prices.filter((p) => byId.get(p.project_id)!.type === 'Direct Air Capture').map((p) => p.value)
    expect(Math.min(...dac)).toBeGreaterThan(Math.max(...cookstoves))
  })

  it('covers each project by its registry, ratings, the market feed and, for the VROD registries, VROD', () => {
    const bySource = groupBy(data.coverage, (c) => c.source_id)
    const byId = new Map(projects.map((p) => [p.id, p]))
    for (const cell of bySource.get('src_verra') ?? []) expect(byId.get(cell.project_id)!.registry).toBe('VCS')
    for (const cell of bySource.get('src_vrod') ?? []) expect(['VCS', 'GS', 'CAR', 'ACR', 'ART']).toContain(byId.get(cell.project_id)!.registry)
    expect(bySource.get('src_marketsource')).toHaveLength(data.prices.length)
    const rated = new Set(data.signals.map((s) => s.project_id))
    expect(bySource.get('src_ratings')).toHaveLength(rated.size)
    expect(new Set(data.coverage.map((c) => `${c.project_id}/${c.source_id}`)).size).toBe(data.coverage.length)
  })

  it('leaves a meaningful share of coverage stale or missing, so freshness has something to show', () => {
    const state = (c: (typeof data.coverage)[number]) => cellState(hoursBefore(c.last_success_at), sourceFor(c.source_id)!.cadence_hours)
    const stale = data.coverage.filter((c) => state(c) === 'stale')
    expect(stale.length / data.coverage.length).toBeGreaterThan(0.05)
    expect(stale.length / data.coverage.length).toBeLessThan(0.3)
    const goldStandard = data.coverage.filter((c) => c.source_id === 'src_gold_standard')
    const stopped = goldStandard.filter((c) => hoursBefore(c.last_success_at) > 20 * 24)
    expect(stopped.length / goldStandard.length).toBeGreaterThan(0.15)
    const ratings = data.coverage.filter((c) => c.source_id === 'src_ratings')
    const staleRatings = ratings.filter((c) => state(c) === 'stale').length / ratings.length
    expect(staleRatings).toBeGreaterThan(0.1)
    expect(staleRatings).toBeLessThan(0.2)
    for (const c of data.coverage.filter((c) => c.source_id === 'src_vrod')) expect(Math.round(hoursBefore(c.last_success_at) / 24)).toBe(45)
    const withRegistryCell = new Set(data.coverage.filter((c) => sourceFor(c.source_id)!.kind === 'registry').map((c) => c.project_id))
    expect(withRegistryCell.size).toBeLessThan(projects.length)
  })

  it('references only projects and sources that exist, once per project and signal', () => {
    const ids = new Set(projects.map((p) => p.id))
    const sourceIds = new Set(data.sources.map((s) => s.id))
    expect(data.signals.filter((s) => !ids.has(s.project_id))).toEqual([])
    expect(data.prices.filter((p) => !ids.has(p.project_id) || !sourceIds.has(p.source_id))).toEqual([])
    expect(data.coverage.filter((c) => !ids.has(c.project_id) || !sourceIds.has(c.source_id))).toEqual([])
    expect(new Set(data.signals.map((s) => `${s.project_id}/${s.signal}`)).size).toBe(data.signals.length)
    expect(new Set(data.prices.map((p) => p.project_id)).size).toBe(data.prices.length)
  })

  it('sets updated_at to the latest successful update from any source', () => {
    const latest = new Map<string, number>()
    for (const c of data.coverage) latest.set(c.project_id, Math.max(latest.get(c.project_id) ?? 0, new Date(c.last_success_at).getTime()))
    for (const p of projects.slice(0, 2000)) expect(new Date(p.updated_at).getTime()).toBe(latest.get(p.id))
  })

  it('generates 100,000 projects with unique keys', { timeout: 120_000 }, () => {
    const large = generateDataset({ projects: 100_000, seed: 3, now })
    expect(new Set(large.projects.map((p) => p.key)).size).toBe(100_000)
    expect(new Set(large.projects.map((p) => p.id)).size).toBe(100_000)
  })
})

describe('seeding an embedded database', () => {
  it('seeds both datasets once, and a second ensureSeeded changes nothing', { timeout: 120_000 }, async () => {
    const handle = await connectDatabase({ dataDir: 'memory://' })
    try {
      await migrate(handle.db)
      const options = { projects: 500, seed: 11, now }
      const expected = generateDataset(options)
      expect(await ensureSeeded(handle.db, options)).toBe(true)
      expect(await ensureSeeded(handle.db, options)).toBe(false)
      for (const schema of datasets) {
        const db = handle.db.withSchema(schema)
        const count = async (table: 'projects' | 'quality_signals' | 'spot_prices' | 'coverage' | 'sources') =>
          Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
        expect(await count('projects')).toBe(500)
        expect(await count('quality_signals')).toBe(expected.signals.length)
        expect(await count('spot_prices')).toBe(expected.prices.length)
        expect(await count('coverage')).toBe(expected.coverage.length)
        expect(await count('sources')).toBe(expected.sources.length)
        const marker = await db.selectFrom('meta').select('value').where('key', '=', 'seeded').executeTakeFirstOrThrow()
        expect(marker.value).toBe('500')
        const sample = await db.selectFrom('projects').selectAll().where('key', '=', expected.projects[0].key).executeTakeFirstOrThrow()
        expect(sample.name).toBe(expected.projects[0].name)
        expect(sample.labels).toEqual(expected.projects[0].labels)
        expect(sample.sdgs).toEqual(expected.projects[0].sdgs)
        expect(Number(sample.issued)).toBe(Number(expected.projects[0].issued))
      }
    } finally {
      await handle.close()
    }
  })

  // Written a slice at a time, each its own transaction, so the other dataset's reads take turns with it (seed.ts).
  it('marks a dataset seeded only once it is whole: a seed that failed half-way is written again whole, once', { timeout: 120_000 }, async () => {
    const handle = await connectDatabase({ dataDir: 'memory://' })
    try {
      await migrate(handle.db)
      const data = generateDataset({ projects: 50, seed: 5, now })
      const broken = { ...data, coverage: [...data.coverage, { ...data.coverage[0] }] }
      await expect(seedDataset(handle.db, 'sandbox', broken)).rejects.toThrow()
      expect(await isSeeded(handle.db, 'sandbox')).toBe(false)
      // The slices before the failure stay until the next start's seed empties them and writes the dataset again.
      expect(await handle.db.withSchema('sandbox').selectFrom('projects').select('id').execute()).toHaveLength(50)
      await seedDataset(handle.db, 'sandbox', data)
      expect(await isSeeded(handle.db, 'sandbox')).toBe(true)
      const count = async (table: 'projects' | 'quality_signals' | 'spot_prices' | 'coverage' | 'sources') =>
        Number((await handle.db.withSchema('sandbox').selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      expect(await count('projects')).toBe(data.projects.length)
      expect(await count('quality_signals')).toBe(data.signals.length)
      expect(await count('spot_prices')).toBe(data.prices.length)
      expect(await count('coverage')).toBe(data.coverage.length)
      expect(await count('sources')).toBe(data.sources.length)
    } finally {
      await handle.close()
    }
  })
})
