import { describe, expect, it } from 'vitest'
import { restrictionsAsked } from '../../src/server/ranking/shortfall'

describe("a brief's restrictions in words", () => {
  it('names only what the brief set, and the region as the brief form offered it', () => {
    expect(restrictionsAsked({ budget_usd: 1000 })).toEqual({ filters: [], widen: [] })
    // Berkeley's "Europe" is not its "Eastern Europe": "no project in Europe" would say more than the catalogue does.
    expect(restrictionsAsked({ budget_usd: 1000, region: 'Europe', vintage_min: 2020 }).filters).toEqual([
      'in Europe (Northern, Southern, Western)',
      'with credits of vintage 2020 or later',
    ])
    expect(restrictionsAsked({ budget_usd: 1000, region: 'Eastern Europe' }).filters).toEqual(['in Eastern Europe'])
  })
})
