import { describe, expect, it } from 'vitest'
import type { Recommendation, ShortlistItem } from '../../src/api/contract/recommendations'
import { parseComparedKeys } from '../../src/api/compare-keys'
import { judgeRow } from '../../src/features/compare/lib/compare-rows'
import { briefFieldOf, briefFormSchema, emptyBriefForm } from '../../src/features/recommendations/lib/brief-form-schema'
import { briefSearchParams, formValuesFromSearchParams } from '../../src/features/recommendations/lib/brief-search-params'
import { describeCaps } from '../../src/features/recommendations/lib/portfolio-caps'
import { describeRankChange, refineDiff } from '../../src/features/recommendations/lib/refine-diff'

describe('the keys of a comparison', () => {
  it('reads keys case- and space-insensitively, each once, in the order given, and says which came twice', () => {
    expect(parseComparedKeys(' vcs934, GS337 ,VCS934')).toEqual({ keys: ['VCS934', 'GS337'], problems: ['VCS934 is named more than once, and compared once.'] })
    expect(parseComparedKeys('VCS934,GS337')).toEqual({ keys: ['VCS934', 'GS337'], problems: [] })
  })

  it('says a single key is not a comparison, and keeps it', () => {
    const { keys, problems } = parseComparedKeys('VCS934')
    expect(keys).toEqual(['VCS934'])
    expect(problems).toEqual(['A comparison needs at least 2 projects; only VCS934 is named. Add another key.'])
  })

  it('keeps the first six of eight and names the two left out', () => {
    const { keys, problems } = parseComparedKeys('A1,A2,A3,A4,A5,A6,A7,A8')
    expect(keys).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6'])
    expect(problems).toEqual(['At most 6 projects can be compared at once; A7, A8 are left out.'])
  })

  it('names a malformed key and compares the others', () => {
    const { keys, problems } = parseComparedKeys('VCS1,<b>,GS2')
    expect(keys).toEqual(['VCS1', 'GS2'])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^“<b>” is not a project key/)
  })

  it('asks for keys when there are none', () => {
    expect(parseComparedKeys(null).problems).toEqual(['Name 2 to 6 projects to compare, e.g. /compare?keys=VCS934,GS337.'])
  })
})

describe('a row of the comparison', () => {
  it('differs when its texts differ, and marks the highest value best where higher is better', () => {
    const row = judgeRow({ id: 'q', label: 'Quality', better: 'higher', cells: [{ text: '0.40', value: 0.4 }, { text: '0.90', value: 0.9 }, { text: 'Missing', value: null }] })
    expect(row.differs).toBe(true)
    expect(row.best).toEqual([1])
  })

  it('marks the lowest price best, and every project that ties for it', () => {
    const row = judgeRow({ id: 'p', label: 'Price', better: 'lower', cells: [{ text: '$4', value: 4 }, { text: '$9', value: 9 }, { text: '$4', value: 4 }] })
    expect(row.best).toEqual([0, 2])
  })

  it('marks nothing best when the known values tie, nor on a row with no better direction', () => {
    expect(judgeRow({ id: 'q', label: 'Q', better: 'higher', cells: [{ text: '1', value: 1 }, { text: 'Missing', value: null }, { text: '1', value: 1 }] }).best).toEqual([])
    const types = judgeRow({ id: 't', label: 'Type', cells: [{ text: 'Wind' }, { text: 'Cookstoves' }] })
    expect(types).toMatchObject({ differs: true, best: [] })
  })

  it('does not differ when every project reads the same', () => {
    expect(judgeRow({ id: 'r', label: 'Registry', cells: [{ text: 'Gold Standard' }, { text: 'Gold Standard' }] }).differs).toBe(false)
  })
})

const item = (key: string, rank: number, cost_usd: number, tonnes: number): ShortlistItem => ({
  rank,
  score: 0.5,
  components: { quality: 0.5, co_benefits: null, price_fit: 0.5, freshness: 0.5 },
  reasons: [],
  project: {
    id: `prj_${key}`,
    key,
    name: key,
    registry: 'VCS',
    type: 'Wind',
    region: 'Asia',
    country: 'India',
    vintage: 2020,
    quality_score: 50,
    quality_grade: 'BBB',
    co_benefits: [],
    credits_remaining: 1000,
  },
  spot_price: { key, name: 'P', value: 5, basis: 'quote', low: null, high: null, quote: null, currency: 'USD', unit: 'tCO2e', as_of: '2026-11-01T00:00:00Z', source: 'm', simulated: true },
  allocation: { tonnes, cost_usd },
})

const shortlist = (items: ShortlistItem[], budget: number, brief: Partial<Recommendation['brief']> = {}): Recommendation => ({
  id: `rec_${items.map((i) => i.project.key).join('')}`,
  object: 'recommendation',
  created_at: '2026-11-01T00:00:00Z',
  brief: { budget_usd: budget, ...brief },
  simulated: true,
  method: { version: 'credence-rank/2', description: '', weights: { quality: 0.45, co_benefits: 0.25, price_fit: 0.2, freshness: 0.1 }, hard_filters: [] },
  shortlist_size: 10,
  candidates_considered: 100,
  items,
  totals: {
    budget_usd: budget,
    allocated_usd: items.reduce((sum, i) => sum + i.allocation.cost_usd, 0),
    remaining_usd: 0,
    tonnes: items.reduce((sum, i) => sum + i.allocation.tonnes, 0),
  },
  notes: [],
})

describe('a refined shortlist against the one before', () => {
  // Before: A B C D, $400.10 and 40 t. After: C A E, $500.30 and 40 t (C up 2, A down 1, E new; B and D dropped).
  const before = shortlist([item('A', 1, 100.1, 10), item('B', 2, 100, 10), item('C', 3, 100, 10), item('D', 4, 100, 10)], 500)
  const after = shortlist([item('C', 1, 250, 20), item('A', 2, 150.3, 15), item('E', 3, 100, 5)], 600, { type: 'Wind' })
  const diff = refineDiff(after, before)

  it('marks each project new, or moved up or down by its number of places', () => {
    expect(diff.changes.get('C')).toEqual({ kind: 'up', places: 2, previousRank: 3 })
    expect(diff.changes.get('A')).toEqual({ kind: 'down', places: 1, previousRank: 1 })
    expect(diff.changes.get('E')).toEqual({ kind: 'new' })
    expect([...diff.changes.values()].map(describeRankChange)).toEqual(['up 2 places', 'down 1 place', 'new'])
  })

  it('lists the dropped projects in their former order', () => {
    expect(diff.dropped.map((i) => i.project.key)).toEqual(['B', 'D'])
  })

  it('gives the change in money allocated (to the cent), tonnes and number of projects', () => {
    expect(diff.totals).toEqual({ allocatedUsd: 100.2, tonnes: 0, projects: -1 })
  })

  it('names the brief fields that changed', () => {
    expect(diff.briefChanges.sort()).toEqual(['budget_usd', 'type'])
  })

  it('says a project at the same rank stayed in place', () => {
    expect(describeRankChange(refineDiff(before, before).changes.get('B')!)).toBe('same place')
  })
})

describe('the caps in the brief', () => {
  const parse = (values: Partial<typeof emptyBriefForm>) => briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '1000', ...values })

  it('turns percentages typed into the fractions the API takes', () => {
    const result = parse({ max_share_per_type: '30', max_share_per_country: '45 %', min_removal_share: '12.5' })
    expect(result.success && result.data).toMatchObject({ max_share_per_type: 0.3, max_share_per_country: 0.45, min_removal_share: 0.125 })
  })

  it('leaves an empty cap out, so the API applies its default', () => {
    const result = parse({})
    expect(result.success && 'max_share_per_type' in result.data && result.data.max_share_per_type !== undefined).toBe(false)
  })

  it("rejects a cap of 0% or above 100% with the contract's message on that field", () => {
    const result = parse({ max_share_per_type: '0', min_removal_share: '150' })
    expect(result.success).toBe(false)
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toContainEqual(['max_share_per_type', 'The largest share per type must be more than 0'])
    expect(issues).toContainEqual(['min_removal_share', 'The minimum share of removals is at most 1 (100%)'])
  })

  it('sends a server error on a cap to its field', () => {
    expect(briefFieldOf('max_share_per_country')).toBe('max_share_per_country')
    expect(briefFieldOf('min_removal_share')).toBe('min_removal_share')
  })

  it('carries the caps through the URL of "Refine brief" as fractions and back as percentages', () => {
    const params = briefSearchParams({ budget_usd: 1000, max_share_per_type: 0.35, min_removal_share: 0.1 })
    expect(params.get('max_share_per_type')).toBe('0.35')
    expect(formValuesFromSearchParams(params)).toMatchObject({ max_share_per_type: '35', max_share_per_country: '', min_removal_share: '10' })
  })

  it('carries every field of a brief through the URL of "Refine brief" and back into the form, its size included', () => {
    const brief = { type: 'REDD+', region: 'Asia', approach: 'nature', budget_usd: 2500, vintage_min: 2018, co_benefits: ['water', 'sdg_5'], shortlist_size: 5 } as const
    const params = briefSearchParams({ ...brief, co_benefits: [...brief.co_benefits] })
    expect(params.toString()).toBe('type=REDD%2B&region=Asia&approach=nature&budget_usd=2500&vintage_min=2018&shortlist_size=5&co_benefit=water&co_benefit=sdg_5')
    expect(formValuesFromSearchParams(params)).toEqual({
      type: 'REDD+',
      region: 'Asia',
      approach: 'nature',
      budget_usd: '2500',
      vintage_min: '2018',
      co_benefits: ['water', 'sdg_5'],
      max_share_per_type: '',
      max_share_per_country: '',
      min_removal_share: '',
      shortlist_size: '5',
    })
    // A brief that leaves a field out leaves it out of the address too.
    expect([...briefSearchParams({ budget_usd: 10 }).keys()]).toEqual(['budget_usd'])
  })

  it('says when a cap asked for could not hold with the few types in the shortlist', () => {
    const mix = { type: [1, 2, 3].map((n) => ({ value: `T${n}`, cost_usd: 1, share: 1 / 3 })), region: [], country: [], reduction_removal: [] }
    expect(describeCaps({ max_share_per_type: 0.3334, max_share_per_country: 0.5, min_removal_share: 0 }, { budget_usd: 1, max_share_per_type: 0.25 }, mix)[0]).toBe(
      'No project type takes more than 33.34% of the money allocated (the brief asks for 25%, which cannot hold with 3 types in the shortlist).',
    )
    // As the notes say it ("each is held to 10.01% instead"), not rounded to the "10%" the brief could have asked.
    const countries = { type: [], region: [], country: Array.from({ length: 10 }, (_, n) => ({ value: `C${n}`, cost_usd: 1, share: 0.1 })), reduction_removal: [] }
    expect(describeCaps({ max_share_per_type: 0.4, max_share_per_country: 0.1001, min_removal_share: 0 }, { budget_usd: 1, max_share_per_country: 0.05 }, countries)[1]).toBe(
      'No country takes more than 10.01% of the money allocated (the brief asks for 5%, which cannot hold with 10 countries in the shortlist).',
    )
  })

  it('states the caps applied in words, and where each came from', () => {
    expect(describeCaps({ max_share_per_type: 0.4, max_share_per_country: null, min_removal_share: 0.2 }, { budget_usd: 1, region: 'Asia', min_removal_share: 0.2 })).toEqual([
      'No project type takes more than 40% of the money allocated (the default).',
      'No cap per country: the brief names a region.',
      'At least 20% of the money allocated goes to removals (as the brief asks).',
    ])
  })

  it('says what share went to removals where the shortlist holds less than the brief asked', () => {
    // A $3 removals-only brief, no removal among what it could buy: its one project is a reduction.
    const reductions = { type: [], region: [], country: [], reduction_removal: [{ value: 'reduction', cost_usd: 3, share: 1 }] }
    expect(describeCaps({ max_share_per_type: 1, max_share_per_country: 0.5, min_removal_share: 1 }, { budget_usd: 3, min_removal_share: 1 }, reductions)[2]).toBe(
      'At least 100% of the money allocated was to go to removals (as the brief asks); 0% does: the notes say why.',
    )
    const held = { ...reductions, reduction_removal: [{ value: 'impermanent_removal', cost_usd: 2, share: 0.6 }, { value: 'reduction', cost_usd: 1, share: 0.4 }] }
    expect(describeCaps({ max_share_per_type: 0.4, max_share_per_country: 0.5, min_removal_share: 0.5 }, { budget_usd: 3, min_removal_share: 0.5 }, held)[2]).toBe(
      'At least 50% of the money allocated goes to removals (as the brief asks).',
    )
  })

  it('gives a cap the brief asked as typed, to the hundredth, not rounded to a whole percent', () => {
    expect(describeCaps({ max_share_per_type: 0.305, max_share_per_country: 0.5, min_removal_share: 0 }, { budget_usd: 1, max_share_per_type: 0.305 })[0]).toBe(
      'No project type takes more than 30.5% of the money allocated (as the brief asks).',
    )
    expect(describeCaps({ max_share_per_type: 1, max_share_per_country: 0.5, min_removal_share: 0 }, { budget_usd: 1, max_share_per_type: 0.003 }, { type: [{ value: 'T', cost_usd: 1, share: 1 }], region: [], country: [], reduction_removal: [] })[0]).toBe(
      'No project type takes more than 100% of the money allocated (the brief asks for 0.3%, which cannot hold with 1 type in the shortlist).',
    )
  })

  it('says a default cap was raised where whole tonnes at a small budget could not keep it, rather than calling it the default', () => {
    expect(describeCaps({ max_share_per_type: 1, max_share_per_country: 0.5, min_removal_share: 0 }, { budget_usd: 3 })).toEqual([
      'No project type takes more than 100% of the money allocated (raised from the default 40%: the notes say why).',
      'No country takes more than 50% of the money allocated (the default).',
      'No minimum share of removals.',
    ])
  })
})
