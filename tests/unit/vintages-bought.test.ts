import { describe, expect, it } from 'vitest'
import { vintagesBought } from '../../src/server/ranking/vintages-bought'
import { saleOfRow } from '../../src/server/pricing/on-sale'
import { vintagesText } from '../../src/features/recommendations/lib/vintages-bought'
import type { ShortlistItem } from '../../src/api/contract/recommendations'

describe('the vintages an allocation buys', () => {
  it('takes the newest vintage first, each within what remains of it, and never more than the tonnes', () => {
    const onSale = [
      { vintage: 2019, remaining: 120.6 },
      { vintage: 2020, remaining: 500 },
      { vintage: 2021, remaining: 40 },
    ]
    expect(vintagesBought(onSale, 400, 6.5)).toEqual([
      { vintage: 2021, tonnes: 40, price: 6.5 },
      { vintage: 2020, tonnes: 360, price: 6.5 },
    ])
    expect(vintagesBought(onSale, 700, 6.5).map((v) => `${v.vintage}: ${v.tonnes}`)).toEqual(['2021: 40', '2020: 500', '2019: 120'])
    expect(vintagesBought(onSale, 0, 6.5)).toEqual([])
    expect(vintagesBought([{ vintage: null, remaining: 10 }], 7, 2)).toEqual([{ vintage: null, tonnes: 7, price: 2 }])
  })
})

describe('what a project sells', () => {
  const vintages = new Map([
    [2012, 300],
    [2014, 50],
    [2018, 900],
    [2021, 25],
  ])

  it('at an estimate priced at a post-2016 vintage: its vintages from 2016 on, oldest first', () => {
    expect(saleOfRow(vintages, 2000, { basis: 'estimate', quote: null })).toEqual([
      { year: 2018, remaining: 900 },
      { year: 2021, remaining: 25 },
    ])
  })

  it('at an estimate of a project with only pre-Paris vintages left: those', () => {
    expect(saleOfRow(new Map([[2012, 300], [2009, 10]]), 310, { basis: 'estimate', quote: null })).toEqual([
      { year: 2009, remaining: 10 },
      { year: 2012, remaining: 300 },
    ])
  })

  it("at a buyer's quote for a vintage: that vintage only, within the project's credits remaining", () => {
    const quote = { vintage: 2018, quantity: 100, supplier: 'Acme', validUntil: null }
    expect(saleOfRow(vintages, 2000, { basis: 'quote', quote })).toEqual([{ year: 2018, remaining: 900 }])
    expect(saleOfRow(vintages, 500, { basis: 'quote', quote })).toEqual([{ year: 2018, remaining: 500 }])
    // A vintage no export counts yet is taken on the quote's word.
    expect(saleOfRow(vintages, 2000, { basis: 'quote', quote: { ...quote, vintage: 2024 } })).toEqual([{ year: 2024, remaining: 2000 }])
  })

  it('with no breakdown by vintage: all its credits, as one block of no known vintage', () => {
    expect(saleOfRow(new Map(), 75, { basis: 'market', quote: null })).toEqual([{ year: 0, remaining: 75 }])
    expect(saleOfRow(new Map(), 0, { basis: 'estimate', quote: null })).toEqual([])
  })
})

describe('the vintages bought, in words', () => {
  const item = (vintages: ShortlistItem['allocation']['vintages'], first: number | null) =>
    ({ project: { vintage: first }, allocation: { tonnes: 0, cost_usd: 0, vintages } }) as unknown as ShortlistItem

  it('lists each vintage with its tonnes, and says what a block of no known vintage is', () => {
    expect(vintagesText(item([{ vintage: 2020, tonnes: 1200, price: 5 }, { vintage: 2021, tonnes: 80, price: 5 }], 2008))).toBe('2020: 1,200 t; 2021: 80 t')
    expect(vintagesText(item([{ vintage: null, tonnes: 15, price: 5 }], 2019))).toBe('2019 or later: 15 t')
  })

  it('says only the first vintage, as such, for a shortlist ranked before vintages were listed', () => {
    expect(vintagesText(item(undefined, 2011))).toBe('first vintage 2011')
  })
})
