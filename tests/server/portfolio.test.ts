import { describe, expect, inject, it } from 'vitest'
import { projectFacets } from '../../src/api/contract/projects'
import { recommendation, type Recommendation } from '../../src/api/contract/recommendations'
import { call } from '../support/http'

const api = inject('apiUrl')
const post = (brief: unknown) => call(api, '/api/recommendations', { json: brief })
const recommend = async (brief: unknown) => {
  const answer = await post(brief)
  expect(answer.status).toBe(201)
  return recommendation.parse(answer.body)
}

/** Each value's share of the money actually allocated, recomputed from the items. */
function shares(result: Recommendation, of: (item: Recommendation['items'][number]) => string): Map<string, number> {
  const total = result.items.reduce((sum, i) => sum + i.allocation.cost_usd, 0)
  const out = new Map<string, number>()
  for (const item of result.items) out.set(of(item), (out.get(of(item)) ?? 0) + item.allocation.cost_usd / total)
  return out
}
const isRemoval = (rr: string | undefined) => rr === 'impermanent_removal' || rr === 'long_duration_removal'
const within = (share: number, cap: number) => share <= cap + 1e-9

describe('the shortlist as a portfolio (credence-rank/2)', () => {
  it('spreads a $1M brief with no preference over at least three types, none above 40% of the spend, no country above 50%', async () => {
    const result = await recommend({ budget_usd: 1_000_000 })
    expect(result.method.version).toBe('credence-rank/11')
    expect(result.portfolio!.caps).toEqual({ max_share_per_type: 0.4, max_share_per_country: 0.5, min_removal_share: 0 })
    const byType = shares(result, (i) => i.project.type)
    expect([...byType.values()].filter((s) => s > 0).length).toBeGreaterThanOrEqual(3)
    for (const share of byType.values()) expect(within(share, 0.4)).toBe(true)
    for (const share of shares(result, (i) => i.project.country).values()) expect(within(share, 0.5)).toBe(true)
    // The caps are limits, not targets: money the shortlist cannot take within them stays unspent, and says so.
    if (result.totals.remaining_usd > 50_000) expect(result.notes.join(' ')).toMatch(/Part of the budget is left unallocated/)
  })

  it('states the mix it came to, by type, region, country and reduction or removal, matching the items', async () => {
    const result = await recommend({ budget_usd: 1_000_000 })
    const { mix } = result.portfolio!
    for (const dimension of [mix.type, mix.region, mix.country, mix.reduction_removal]) {
      expect(dimension.reduce((sum, m) => sum + m.cost_usd, 0)).toBeCloseTo(result.totals.allocated_usd, 2)
      expect(dimension.reduce((sum, m) => sum + m.share, 0)).toBeCloseTo(1, 3)
    }
    const byType = shares(result, (i) => i.project.type)
    for (const m of mix.type) expect(m.share).toBeCloseTo(byType.get(m.value)!, 3)
    for (const item of result.items) expect(item.project.reduction_removal).toBeDefined()
  })

  it('keeps a one-type brief to that type, with no type cap applied', async () => {
    const facets = projectFacets.parse((await call(api, '/api/projects/facets?status=registered')).body)
    const type = facets.facets.type[0].value
    const result = await recommend({ budget_usd: 1_000_000, type })
    expect(result.items.length).toBeGreaterThan(0)
    for (const item of result.items) expect(item.project.type).toBe(type)
    expect(result.portfolio!.caps.max_share_per_type).toBeNull()
    expect(result.portfolio!.mix.type).toEqual([{ value: type, cost_usd: result.totals.allocated_usd, share: 1 }])
  })

  it('honours caps the brief sets', async () => {
    const result = await recommend({ budget_usd: 2_000_000, shortlist_size: 12, max_share_per_type: 0.25, max_share_per_country: 0.3 })
    expect(result.portfolio!.caps).toEqual({ max_share_per_type: 0.25, max_share_per_country: 0.3, min_removal_share: 0 })
    for (const share of shares(result, (i) => i.project.type).values()) expect(within(share, 0.25)).toBe(true)
    for (const share of shares(result, (i) => i.project.country).values()) expect(within(share, 0.3)).toBe(true)
  })

  it('gives removals at least the minimum share asked for when removals match the brief', async () => {
    const result = await recommend({ budget_usd: 1_000_000, min_removal_share: 0.3 })
    expect(result.portfolio!.caps.min_removal_share).toBe(0.3)
    const total = result.totals.allocated_usd
    const removals = result.items.filter((i) => isRemoval(i.project.reduction_removal)).reduce((sum, i) => sum + i.allocation.cost_usd, 0)
    expect(total).toBeGreaterThan(0)
    expect(removals / total).toBeGreaterThanOrEqual(0.3 - 1e-9)
  })

  it('buys nothing, and says why, when no removal matches a brief that asks for a share of them', async () => {
    // The share is the brief's, held whatever it costs the spend (credence-rank/10): until then the wind farms took
    // the budget and a note said the share "cannot be met".
    const result = await recommend({ budget_usd: 100_000, type: 'Wind', min_removal_share: 0.5 })
    expect(result.items).toEqual([])
    expect(result.totals.allocated_usd).toBe(0)
    expect(result.notes.join(' ')).toMatch(/its minimum share of removals \(50%\) leaves nothing to buy: without it, the projects named below would take the budget/)
    expect(result.left_out?.length).toBeGreaterThan(0)
  })

  it('names the projects diversification left out, and says why a project was brought in or held down', async () => {
    const result = await recommend({ budget_usd: 1_000_000, max_share_per_type: 0.1, max_share_per_country: 0.2 })
    // Of the first places, where the shortlist grew past them to spend the budget.
    const leftOut = result.notes.find((n) => /^Left out (of the first \d+ places )?to diversify the portfolio/.test(n))
    expect(leftOut).toBeDefined()
    // One note a reason, its projects after it, each with its rank by score. The caps are on the money, as the
    // brief's form says; a reason counts places and says which cap of the money they keep room for.
    expect(leftOut).toMatch(/^Left out (?:of the first \d+ places )?to diversify the portfolio, as .+ already held \d+ of the \d+ places, the most the (type|country) cap \(\d+% of the money\) lets one \1 hold: .+ \(\d+(st|nd|rd|th) by score\)(; .+ \(\d+(st|nd|rd|th) by score\))*\.$/)
    const reasons = result.notes.filter((n) => /^Left out (of the first \d+ places )?to diversify the portfolio/.test(n)).map((n) => n.replace(/: [^:]*$/, ''))
    expect(new Set(reasons).size).toBe(reasons.length)
    const moved = result.items.flatMap((i) => i.reasons).filter((r) => /Brought into the shortlist to diversify|Allocation held down to diversify/.test(r))
    expect(moved.length).toBeGreaterThan(0)
  })

  it('says a reduction a removals-only brief passed over was left out for the brief, not to diversify', async () => {
    const result = await recommend({ budget_usd: 100_000, min_removal_share: 1 })
    const leftOut = result.notes.filter((n) => n.startsWith('Left out'))
    expect(leftOut.some((n) => /^Left out(?: of the first \d+ places)?, as the brief asks for removals only: .+ \(\d+(st|nd|rd|th) by score\)/.test(n)), leftOut.join('\n')).toBe(true)
    expect(leftOut.filter((n) => n.includes('removals') && n.includes('to diversify'))).toEqual([])
    // The shortlist lists them so too, as the pack's Summary sheet labels them.
    const reasons = new Set((result.left_out ?? []).map((p) => p.reason))
    expect(reasons.has('removals')).toBe(true)
    expect(reasons.has('diversify')).toBe(false)
  })

  it('never allocates above the budget, in whole tonnes, within credits remaining, under any caps', async () => {
    for (const brief of [
      { budget_usd: 3_333.33, max_share_per_type: 0.34 },
      { budget_usd: 1_000_000, max_share_per_country: 0.2, min_removal_share: 0.4 },
      { budget_usd: 50_000_000, shortlist_size: 20 },
    ]) {
      const result = await recommend(brief)
      expect(result.totals.allocated_usd).toBeLessThanOrEqual(brief.budget_usd)
      for (const item of result.items) {
        expect(Number.isInteger(item.allocation.tonnes)).toBe(true)
        expect(Math.round(item.allocation.cost_usd * 100)).toBe(Math.round(item.allocation.tonnes * item.spot_price.value * 100))
        expect(item.allocation.tonnes).toBeLessThanOrEqual(item.project.credits_remaining)
      }
    }
  })

  it('refuses caps out of range with 422 and the path of each field', async () => {
    const answer = await post({ budget_usd: 1000, max_share_per_type: 0, max_share_per_country: 1.5, min_removal_share: -0.1 })
    expect(answer.status).toBe(422)
    const paths = answer.body.errors.map((e: { path: string }) => e.path).sort()
    expect(paths).toEqual(['max_share_per_country', 'max_share_per_type', 'min_removal_share'])
    const text = await post({ budget_usd: 1000, min_removal_share: 'half' })
    expect(text.status).toBe(422)
    expect(text.body.errors[0].path).toBe('min_removal_share')
  })
})
