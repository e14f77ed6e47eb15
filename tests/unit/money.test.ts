import { describe, expect, it } from 'vitest'
import { parseMoney } from '../../src/features/recommendations/lib/brief-form-schema'

describe('a budget as a buyer writes it', () => {
  it.each([
    ['250000', 250_000],
    ['250,000', 250_000],
    ['$250,000', 250_000],
    ['$250k', 250_000],
    ['250K', 250_000],
    [' $ 250 k ', 250_000],
    ['1.5M', 1_500_000],
    ['1.1k', 1_100],
    ['USD 250,000', 250_000],
    ['250000 usd', 250_000],
    ['99.999', 100],
    ['.5k', 500],
    ['-500', -500],
  ])('reads %j as %d dollars', (text, dollars) => {
    expect(parseMoney(text)).toBe(dollars)
  })

  it('leaves an empty budget empty, for the schema to ask for one', () => {
    expect(parseMoney('')).toBeUndefined()
    expect(parseMoney('   ')).toBeUndefined()
    expect(parseMoney('$')).toBeUndefined()
  })

  it.each(['250 thousand', 'k', '1e6', '25-0', '250kk', '€250k'])('refuses %j rather than guess', (text) => {
    expect(parseMoney(text)).toBeNaN()
  })
})
