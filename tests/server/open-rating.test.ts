import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectDetail, projectPage, type ProjectDetail } from '../../src/api/contract/projects'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { recommendation } from '../../src/api/contract/recommendations'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call } from '../support/http'
import { berkeleyFile, seededFromBerkeley } from '../support/real-files'

const present = existsSync(berkeleyFile)
if (!present) console.warn(`Open rating over the real file skipped: no Berkeley VROD file at ${berkeleyFile}.`)

let server: ApiServer
beforeAll(async () => {
  if (present) server = await startApiServer({ env: seededFromBerkeley })
}, 300_000)
afterAll(async () => {
  await server?.stop()
})

const ccp = 'ICVCM CCP-Approved'

/** Up to `n` projects matching a query, with their quality breakdown. */
async function details(query: string, n = 15): Promise<ProjectDetail[]> {
  const page = projectPage.parse((await call(server.url, `/api/projects?${query}&per_page=${n}`)).body)
  return Promise.all(page.data.map(async (p) => projectDetail.parse((await call(server.url, `/api/projects/${p.id}`)).body)))
}
const signalOf = (p: ProjectDetail, key: string) => p.quality_breakdown.signals.find((s) => s.key === key)!
const fact = (p: ProjectDetail, key: string, name: string) => signalOf(p, key).facts.find((f) => f.name === name)?.value

describe.skipIf(!present)('the open rating over Berkeley\'s real projects', () => {
  it('serves its method: version, signals with weights and rules, and citations', async () => {
    const method = ratingMethod.parse((await call(server.url, '/api/rating-method')).body)
    expect(method.version).toBe('credence-rating/6')
    expect(method.signals).toHaveLength(8)
    expect(method.signals.reduce((sum, s) => sum + s.weight, 0)).toBeCloseTo(1, 6)
    expect(method.citations.map((c) => c.id)).toEqual(expect.arrayContaining(['probst-2024', 'west-2023', 'gill-wiehl-2024', 'icvcm-2024-renewables']))
  })

  it('rates every signal from named facts, citing only what the method lists, by the open rating and not a simulation', async () => {
    const method = ratingMethod.parse((await call(server.url, '/api/rating-method')).body)
    const ids = new Set(method.citations.map((c) => c.id))
    for (const project of await details('sort=key', 25)) {
      for (const s of project.quality_breakdown.signals.filter((x) => x.status === 'present')) {
        expect(s.source).toBe('Credence open rating (credence-rating/6)')
        expect(s.facts.length).toBeGreaterThan(0)
        for (const id of s.citations) expect(ids).toContain(id)
      }
    }
    const sources = (await call(server.url, '/api/sources')).body.data as { id: string; name: string; simulated: boolean }[]
    const ratings = sources.find((s) => s.id === 'src_ratings')!
    expect(ratings.name).toBe('Credence open rating (credence-rating/6)')
    expect(ratings.simulated).toBe(false)
  })

  it('puts cookstoves, wind, REDD+ and improved forest management at high risk of over-crediting', async () => {
    for (const type of ['Cookstoves', 'Wind', 'REDD+', 'Improved Forest Management']) {
      const rated = (await details(`type=${encodeURIComponent(type)}&status=registered`)).filter((p) => !p.labels.includes(ccp))
      expect(rated.length).toBeGreaterThan(0)
      for (const p of rated) {
        const s = signalOf(p, 'over_crediting')
        expect(s.status).toBe('present')
        expect(s.value!).toBeLessThanOrEqual(0.25)
        expect(s.citations).toContain('probst-2024')
      }
    }
  })

  it('rates forests below destroyed gases on permanence', async () => {
    const forests = [
      ...(await details('type=REDD%2B', 8)),
      ...(await details('type=Improved%20Forest%20Management', 8)),
      ...(await details('type=Afforestation%2FReforestation', 8)),
    ]
    const gases = await details(`type=${encodeURIComponent('Ozone Depleting Substances Recovery & Destruction')}`, 8)
    expect(gases.length).toBeGreaterThan(0)
    const lowestGas = Math.min(...gases.map((p) => signalOf(p, 'permanence').value!))
    for (const forest of forests) expect(signalOf(forest, 'permanence').value!).toBeLessThan(lowestGas)
  })

  it('rates CCP-approved projects above unlabelled ones on labels', async () => {
    const approved = await details(`label=${encodeURIComponent(ccp)}`)
    const others = (await details('sort=key', 30)).filter((p) => p.labels.length === 0)
    expect(approved.length).toBeGreaterThan(0)
    expect(others.length).toBeGreaterThan(0)
    const worstApproved = Math.min(...approved.map((p) => signalOf(p, 'labels').value!))
    for (const p of others) expect(signalOf(p, 'labels').value!).toBeLessThan(worstApproved)
  })

  it('rates a project that stopped issuing years ago below one issuing now on MRV', async () => {
    const sample = [...(await details('status=completed&sort=key', 40)), ...(await details('status=registered&sort=-credits_issued', 40))]
    const withAge = sample
      .map((p) => ({ age: fact(p, 'mrv', 'years since last issuance'), mrv: signalOf(p, 'mrv').value }))
      .filter((x): x is { age: number; mrv: number } => typeof x.age === 'number' && x.mrv !== null)
    const stopped = withAge.filter((x) => x.age >= 5)
    const current = withAge.filter((x) => x.age <= 1)
    expect(stopped.length).toBeGreaterThan(0)
    expect(current.length).toBeGreaterThan(0)
    expect(Math.max(...stopped.map((x) => x.mrv))).toBeLessThan(Math.min(...current.map((x) => x.mrv)))
  })

  it('never rewards missing evidence: none of the 40 best-rated projects lacks additionality or over-crediting', async () => {
    const best = await details('sort=-quality_score', 40)
    expect(best).toHaveLength(40)
    for (const p of best) {
      for (const key of ['additionality', 'over_crediting']) expect(signalOf(p, key).status, `${p.key} ${key}`).toBe('present')
      expect(p.quality_breakdown.rated_weight).toBeGreaterThan(0.9)
    }
  })

  it('counts a missing signal at its unknown value and says what share of the weight evidence backs', async () => {
    const method = ratingMethod.parse((await call(server.url, '/api/rating-method')).body)
    const unknown = new Map(method.signals.map((s) => [s.key, s.unknown_value]))
    // A cement waste-heat project: no published finding on additionality or over-crediting for its kind.
    const [wasteHeat] = await details('q=VCS816', 1)
    const breakdown = wasteHeat!.quality_breakdown
    for (const key of ['additionality', 'over_crediting'] as const) {
      const signal = signalOf(wasteHeat!, key)
      expect(signal.status).toBe('missing')
      expect(signal.counted_value).toBe(unknown.get(key))
      expect(signal.contribution).toBeCloseTo(100 * signal.weight * signal.counted_value, 1)
    }
    expect(breakdown.rated_weight).toBeCloseTo(1 - 0.44, 3)
    expect(breakdown.weights_present).toBe(breakdown.rated_weight)
    expect(breakdown.method).toMatch(/evidence backs 56% of the weight/)
    expect(['A', 'AA', 'AAA']).not.toContain(breakdown.grade)
    const points = breakdown.signals.reduce((sum, s) => sum + s.contribution!, 0)
    expect(points).toBeCloseTo(breakdown.score!, 0)
  })

  it('rates a refrigerant leak project on no evidence about methane', async () => {
    const [refrigerant] = await details('q=VCS440', 1)
    expect(refrigerant!.type).toBe('Refrigerant Leak Detection')
    expect(signalOf(refrigerant!, 'additionality').status).toBe('missing')
    expect(signalOf(refrigerant!, 'over_crediting').status).toBe('missing')
  })

  it('spreads a $1M brief over at least three real project types, none above 40% of the spend', async () => {
    const result = recommendation.parse((await call(server.url, '/api/recommendations', { json: { budget_usd: 1_000_000 } })).body)
    const total = result.totals.allocated_usd
    const byType = new Map<string, number>()
    for (const item of result.items) byType.set(item.project.type, (byType.get(item.project.type) ?? 0) + item.allocation.cost_usd)
    expect([...byType.values()].filter((v) => v > 0).length).toBeGreaterThanOrEqual(3)
    for (const cost of byType.values()) expect(cost).toBeLessThanOrEqual(0.4 * total + 1e-6)
  })
})
