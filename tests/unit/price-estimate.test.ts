import { describe, expect, it } from 'vitest'
import { estimatePrice, isTradable } from '../../src/server/pricing/estimate'
import { priceBandFor } from '../../src/server/pricing/bands'
import { priceMethodDocument } from '../../src/server/pricing/price-method'

describe('the open reference estimate', () => {
  it("is the type's typical price within its band, the same every time", () => {
    const wind = { type: 'Wind', vintage: 2020, labels: [] }
    expect(estimatePrice(wind)).toEqual({ value: 2.2, low: 1, high: 10 })
    expect(estimatePrice(wind)).toEqual(estimatePrice({ ...wind }))
    expect(estimatePrice({ type: 'Direct Air Capture', vintage: 2024, labels: [] })).toEqual({ value: 600, low: 400, high: 1000 })
  })

  it('lowers a pre-Paris vintage to three quarters and adds the CCP premium, $8 for reforestation', () => {
    expect(estimatePrice({ type: 'Wind', vintage: 2012, labels: [] })).toEqual({ value: 1.65, low: 0.75, high: 7.5 })
    expect(estimatePrice({ type: 'Landfill Methane', vintage: 2021, labels: ['ICVCM CCP-Approved'] })).toEqual({ value: 7.2, low: 5.7, high: 11.7 })
    expect(estimatePrice({ type: 'Afforestation/Reforestation', vintage: 2021, labels: ['ICVCM CCP-Approved'] })).toEqual({ value: 29.3, low: 23, high: 38 })
  })

  it('prices bundled renewables and forests kept from conversion by the published ranges of their kind, as the evidence counts them', () => {
    expect(priceBandFor('RE Bundled')).toBe(priceBandFor('Hydropower'))
    expect(priceBandFor('Avoided Forest Conversion')).toBe(priceBandFor('REDD+'))
  })

  it('prices an unknown type by the stated default band, and an unknown vintage without the pre-Paris cut', () => {
    expect(estimatePrice({ type: 'Something new', vintage: null, labels: [] })).toEqual({ value: 4, low: 2, high: 10 })
  })

  it('is described by the method served beside the rating: every band, and the default', () => {
    for (const band of priceMethodDocument.bands) {
      for (const type of band.types) expect(priceBandFor(type)).toEqual({ min: band.low, typical: band.typical, max: band.high })
    }
    expect(priceMethodDocument.other_types).toEqual({ low: 2, typical: 4, high: 10 })
  })

  it('prices only projects that trade: issued credits, registered or completed', () => {
    expect(isTradable({ status: 'registered', issued: 10 })).toBe(true)
    expect(isTradable({ status: 'completed', issued: 10 })).toBe(true)
    expect(isTradable({ status: 'registered', issued: 0 })).toBe(false)
    expect(isTradable({ status: 'pipeline', issued: 10 })).toBe(false)
    expect(isTradable({ status: 'inactive', issued: 10 })).toBe(false)
  })
})
