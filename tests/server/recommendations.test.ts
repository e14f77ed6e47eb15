import { coBenefitsOfType } from '../../src/api/co-benefits'
import { describe, expect, inject, it } from 'vitest'
import { projectFacets } from '../../src/api/contract/projects'
import { recommendation } from '../../src/api/contract/recommendations'
import { call, tokens } from '../support/http'
import { coBenefitLabel } from '../../src/api/value-labels'

const api = inject('apiUrl')
const post = (brief: unknown, token = tokens.live) => call(api, '/api/recommendations', { json: brief, token })

describe('POST /api/recommendations', () => {
  it('answers 201 with a ranked, explained shortlist of 10 and a Location', async () => {
    const answer = await post({ budget_usd: 250_000 })
    expect(answer.status).toBe(201)
    const result = recommendation.parse(answer.body)
    expect(answer.headers.get('location')).toBe(`/api/recommendations/${result.id}`)
    expect(result.items).toHaveLength(10)
    expect(result.method.version).toBe('credence-rank/11')
    expect(result.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const scores = result.items.map((i) => i.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    for (const item of result.items) expect(item.reasons.length).toBeGreaterThanOrEqual(3)
  })

  it("scores each item as the weighted mean of its published components, by the method's weights", async () => {
    for (const brief of [{ budget_usd: 250_000 }, { budget_usd: 80_000, co_benefits: ['biodiversity', 'water'] }]) {
      const result = recommendation.parse((await post(brief)).body)
      const w = result.method.weights
      for (const { score, components: c } of result.items) {
        const applies = c.co_benefits !== null
        const weighted = w.quality * c.quality + w.price_fit * c.price_fit + w.freshness * c.freshness + (applies ? w.co_benefits * c.co_benefits! : 0)
        const weights = w.quality + w.price_fit + w.freshness + (applies ? w.co_benefits : 0)
        // Components are published to three decimals.
        expect(Math.abs(score - weighted / weights)).toBeLessThan(0.002)
        // The weights the answer says it applied give the same score as a plain weighted sum, as the page shows them.
        const a = result.method.applied_weights!
        expect(Math.abs(a.quality + a.co_benefits + a.price_fit + a.freshness - 1)).toBeLessThan(1e-9)
        expect(Math.abs(score - (a.quality * c.quality + a.price_fit * c.price_fit + a.freshness * c.freshness + a.co_benefits * (c.co_benefits ?? 0)))).toBeLessThan(0.002)
        expect(a.co_benefits).toBe(applies ? w.co_benefits : 0)
      }
    }
  })

  it('never allocates more than the budget, in whole tonnes at the quoted price', async () => {
    for (const budget of [1_000, 250_000, 7_777_777.77]) {
      const result = recommendation.parse((await post({ budget_usd: budget })).body)
      expect(result.totals.allocated_usd).toBeLessThanOrEqual(budget)
      const sum = result.items.reduce((total, i) => total + i.allocation.cost_usd, 0)
      expect(sum).toBeCloseTo(result.totals.allocated_usd, 2)
      for (const item of result.items) {
        expect(Number.isInteger(item.allocation.tonnes)).toBe(true)
        expect(item.allocation.cost_usd).toBeCloseTo(item.allocation.tonnes * item.spot_price.value, 2)
        expect(item.allocation.tonnes).toBeLessThanOrEqual(item.project.credits_remaining)
      }
    }
  })

  it('applies type, region and minimum vintage as hard filters', async () => {
    const facets = projectFacets.parse((await call(api, '/api/projects/facets?status=registered')).body)
    const type = facets.facets.type[0].value
    const region = facets.facets.region[0].value
    const result = recommendation.parse((await post({ budget_usd: 100_000, type, region, vintage_min: 2010 })).body)
    for (const item of result.items) {
      expect(item.project.type).toBe(type)
      expect(item.project.region).toBe(region)
      expect(item.project.vintage).toBeGreaterThanOrEqual(2010)
    }
  })

  it('scores co-benefit match only when co-benefits are asked for', async () => {
    const without = recommendation.parse((await post({ budget_usd: 50_000 })).body)
    expect(without.items.every((i) => i.components.co_benefits === null)).toBe(true)
    const withThem = recommendation.parse((await post({ budget_usd: 50_000, co_benefits: ['biodiversity', 'community'] })).body)
    expect(withThem.items.every((i) => i.components.co_benefits !== null)).toBe(true)
    expect(withThem.items[0].reasons.join(' ')).toMatch(/co-benefits/)
    // What a project's type gives it (REDD+: biodiversity and community) is said to be its type's, not a label it lists.
    let ofTypeSaid = 0
    for (const item of withThem.items) {
      const said = item.reasons.find((r) => r.startsWith('Delivers'))!
      const ofType = coBenefitsOfType(item.project.type).filter((b) => ['biodiversity', 'community'].includes(b)).map(coBenefitLabel)
      if (ofType.length === 0) expect(said).not.toContain('by their type')
      else {
        expect(said).toContain(`(${ofType.join(' and ')} as ${item.project.type} projects deliver by their type)`)
        ofTypeSaid++
      }
    }
    expect(ofTypeSaid).toBeGreaterThan(0)
  })

  it('honours shortlist_size and explains an empty result', async () => {
    expect(recommendation.parse((await post({ budget_usd: 50_000, shortlist_size: 3 })).body).items).toHaveLength(3)
    const empty = recommendation.parse((await post({ budget_usd: 0.5 })).body)
    expect(empty.items).toHaveLength(0)
    expect(empty.notes[0]).toMatch(/No project/)
    // Both sums to the cent: in whole dollars, a $1.50 tonne would read as within a $1 budget.
    const [, cheapest] = empty.notes[0].match(/for the budget of \$0\.50 or less: the cheapest costs \$(\d[\d,]*\.\d\d) a tonne/) ?? []
    expect(Number(cheapest?.replace(/,/g, ''))).toBeGreaterThan(0.5)
  })

  it('answers 422 for a shortlist size out of range or not whole, saying what a size is', async () => {
    for (const size of [0, 51, 2.5, '5']) {
      const answer = await post({ budget_usd: 1000, shortlist_size: size })
      expect(answer.status).toBe(422)
      expect(answer.body.errors).toEqual([{ path: 'shortlist_size', message: 'A shortlist holds a whole number of projects, from 1 to 50' }])
    }
  })

  it('answers 422 for a type or region no project has', async () => {
    const answer = await post({ budget_usd: 1000, type: 'Perpetual Motion', region: 'Mars' })
    expect(answer.status).toBe(422)
    // In a buyer's words, read beside the brief's fields: no endpoint named.
    expect(answer.body.errors).toEqual([
      { path: 'type', message: 'No project in the catalogue has the project type "Perpetual Motion": choose one of the types it lists' },
      { path: 'region', message: 'No project in the catalogue has the region "Mars": choose one of the regions it lists' },
    ])
  })

  it('gives the same ranking for the same brief', async () => {
    const [a, b] = await Promise.all([post({ budget_usd: 123_456 }), post({ budget_usd: 123_456 })])
    expect(a.body.items.map((i: { project: { key: string } }) => i.project.key)).toEqual(
      b.body.items.map((i: { project: { key: string } }) => i.project.key),
    )
  })
})

describe('GET /api/recommendations/:id', () => {
  it('returns the stored recommendation unchanged, byte for byte, key order included', async () => {
    const created = await post({ budget_usd: 80_000, co_benefits: ['water'] })
    const fetched = await call(api, `/api/recommendations/${created.body.id}`)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toMatch(/^application\/json/)
    expect(fetched.text).toBe(created.text)
  })

  it('stores every one of many briefs sent at once, each under its own id, for both datasets', async () => {
    const briefs = Array.from({ length: 24 }, (_, i) => ({ budget_usd: 10_000 + i, shortlist_size: 1 + (i % 5) }))
    const answers = await Promise.all(briefs.map((brief, i) => post(brief, i % 3 === 0 ? tokens.sandbox : tokens.live)))
    const created = answers.map((answer) => {
      expect(answer.status).toBe(201)
      return recommendation.parse(answer.body)
    })
    expect(new Set(created.map((r) => r.id)).size).toBe(briefs.length)
    for (const [i, result] of created.entries()) {
      const stored = await call(api, `/api/recommendations/${result.id}`, { token: i % 3 === 0 ? tokens.sandbox : tokens.live })
      expect(stored.status).toBe(200)
      expect(stored.body).toEqual(result)
      expect(result.brief.budget_usd).toBe(briefs[i].budget_usd)
    }
  })

  it('keeps a sandbox recommendation fetchable with the sandbox key, and only with it', async () => {
    const created = await post({ budget_usd: 10_000 }, tokens.sandbox)
    expect(created.status).toBe(201)
    expect(created.body.simulated).toBe(true)
    expect((await call(api, `/api/recommendations/${created.body.id}`, { token: tokens.sandbox })).status).toBe(200)
    expect((await call(api, `/api/recommendations/${created.body.id}`)).status).toBe(404)
  })

  it('answers 404 for an unknown id', async () => {
    expect((await call(api, '/api/recommendations/rec_unknown')).status).toBe(404)
  })
})
