import { describe, expect, it } from 'vitest'
import type { ProjectSummary } from '../../src/api/contract/projects'
import type { SpotPrice } from '../../src/api/contract/prices'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { pricesToCsv } from '../../src/features/prices/lib/price-csv'
import { projectsToCsv } from '../../src/features/projects/lib/project-csv'
import { shortlistCsv } from '../../src/features/recommendations/lib/shortlist-csv'

const credit = 'Voluntary Registry Offsets Database, Berkeley Carbon Trading Project; licensed under CC BY-SA 4.0.'
/** The credit as its CSV cell: quoted, since it holds commas. */
const creditCell = `,"${credit}"`

const project = (key: string, synthetic: boolean, sources = ['src_vrod']) =>
  ({
    key,
    name: `Project ${key}`,
    synthetic,
    credits: { issued: 1, retired: 0, remaining: 1 },
    quality: { score: 50, grade: 'BBB' },
    labels: [],
    co_benefits: [],
    freshness: { state: 'fresh', updated_at: null, sources },
  }) as unknown as ProjectSummary

describe("the data's credit in every CSV export", () => {
  it("puts Berkeley's credit on each real project's line, and none on a generated one's", () => {
    const csv = projectsToCsv([project('VCS1', false), project('VCS2', true)], credit)
    const [header, real, generated] = csv.trim().split('\r\n')
    expect(header.endsWith(',attribution')).toBe(true)
    expect(real.endsWith(creditCell)).toBe(true)
    expect(generated.endsWith(',')).toBe(true)
    // A catalogue with no imported data has no credit to carry.
    expect(projectsToCsv([project('VCS1', false)]).trim().split('\r\n')[1].endsWith(',')).toBe(true)
    // Nor has a project only a registry lists (Isometric's): its line holds nothing of Berkeley's.
    const [, isometric, both] = projectsToCsv([project('ISO7BDE', false, ['src_isometric']), project('CAR1822', false, ['src_car', 'src_vrod'])], credit).trim().split('\r\n')
    expect(isometric.endsWith(',')).toBe(true)
    expect(both.endsWith(creditCell)).toBe(true)
  })

  it('carries it on the shortlist and the price lookup the same way', () => {
    const item = (key: string, synthetic: boolean, sources?: string[]) => ({
      rank: 1,
      score: 0.5,
      components: { quality: 0.5, co_benefits: null, price_fit: 0.5, freshness: 1 },
      reasons: [],
      project: { ...project(key, synthetic), sources, registry: 'VCS', type: 'Wind', region: 'Asia', country: 'India', vintage: 2020, quality_score: 50, quality_grade: 'BBB', credits_remaining: 1 },
      spot_price: { value: 2, basis: 'estimate', low: 1, high: 3, as_of: '2026-01-01T00:00:00Z', source: 'estimate', simulated: false },
      allocation: { tonnes: 1, cost_usd: 2 },
    })
    const shortlist = { items: [item('VCS1', false), item('VCS2', true), item('CCB16', false, ['src_cercarbono']), item('VCS3', false, ['src_vrod'])] } as unknown as Recommendation
    // A shortlist stored before items named their sources (VCS1's) credits each real project, as it did then.
    const [header, real, generated, registryOnly, berkeley] = shortlistCsv(shortlist, credit).trim().split('\r\n')
    expect(registryOnly.endsWith(',')).toBe(true)
    expect(berkeley.endsWith(creditCell)).toBe(true)
    expect(header.endsWith(',Data attribution')).toBe(true)
    // Each score says its scale, the fractions apart from the quality score's hundred.
    expect(header).toContain(',Quality score (0 to 100),')
    expect(header).toContain(',Score (0 to 1),Quality component (0 to 1),Co-benefit match component (0 to 1),Price fit component (0 to 1),Freshness component (0 to 1),')
    expect(real.endsWith(creditCell)).toBe(true)
    expect(generated.endsWith(',')).toBe(true)

    const price = (key: string, simulated: boolean) => ({ key, name: key, value: 2, basis: 'estimate', low: 1, high: 3, currency: 'USD', unit: 'tCO2e', as_of: '2026-01-01T00:00:00Z', source: 's', simulated }) as SpotPrice
    const prices = pricesToCsv([price('VCS1', false), price('VCS2', true)], ['NOPE1'], [], credit).trim().split('\r\n')
    expect(prices[0].endsWith(',attribution')).toBe(true)
    expect(prices[1].endsWith(creditCell)).toBe(true)
    expect(prices[2]).not.toContain(credit)
    expect(prices[3]).not.toContain(credit)
  })
})
