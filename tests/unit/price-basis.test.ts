import { describe, expect, it } from 'vitest'
import { anyEstimate, priceBasisWords } from '../../src/api/price-basis'

describe('what a price is, in words', () => {
  it('says an estimate is one, with its range', () => {
    expect(priceBasisWords({ basis: 'estimate', low: 1, high: 10, simulated: false })).toBe('estimate, $1.00–$10.00')
  })

  it("names a buyer's quote by its supplier, vintage, quantity and last day, and a simulated one as simulated", () => {
    const quote = { vintage: 2022, quantity: 5000, supplier: 'Acme Carbon', valid_until: '2099-12-31' }
    expect(priceBasisWords({ basis: 'quote', low: null, high: null, simulated: false, quote })).toBe('quote from Acme Carbon, vintage 2022, up to 5,000 t, until Dec 31, 2099')
    expect(priceBasisWords({ basis: 'quote', low: null, high: null, simulated: false, quote: { vintage: null, quantity: null, supplier: null, valid_until: null } })).toBe('quote')
    expect(priceBasisWords({ basis: 'quote', low: null, high: null, simulated: true, quote: null })).toBe('simulated quote')
  })

  it('finds an estimate among prices, so a total built on them says it is estimated', () => {
    expect(anyEstimate([{ basis: 'quote', low: null, high: null, simulated: false }])).toBe(false)
    expect(anyEstimate([{ basis: 'quote', low: null, high: null, simulated: false }, { basis: 'estimate', low: 1, high: 2, simulated: false }])).toBe(true)
  })
})
