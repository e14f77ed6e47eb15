import { describe, expect, it } from 'vitest'
import { briefFormSchema, emptyBriefForm, parseMoney } from '../../src/features/recommendations/lib/brief-form-schema'
import { readMoney } from '../../src/features/recommendations/lib/money-readings'

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
    ['1,234.56', 1_234.56],
    ['1,50,000', 150_000],
    ['250.00', 250],
    ['1.234.567', 1_234_567],
    ['.5k', 500],
    ['-500', -500],
    // Billions and millions as words and as "bn": "$10 billion" was refused with "Enter a budget in US dollars".
    ['$10bn', 10_000_000_000],
    ['$10 billion', 10_000_000_000],
    ['1.5 million', 1_500_000],
    ['2.5 Million USD', 2_500_000],
  ])('reads %j as %d dollars', (text, dollars) => {
    expect(parseMoney(text)).toBe(dollars)
  })

  it.each(['10b', '€250k', '250 euros', '10 thousandish', '5 kk'])('refuses %j rather than guess its scale or currency', (text) => {
    expect(readMoney(text)).toEqual({ kind: 'unreadable' })
  })

  it('leaves an empty budget empty, for the schema to ask for one', () => {
    expect(parseMoney('')).toBeUndefined()
    expect(parseMoney('   ')).toBeUndefined()
    expect(parseMoney('$')).toBeUndefined()
  })

  it.each(['250 thousand', 'k', '1e6', '25-0', '250kk', '€250k', '1,000,5', '1.23.4'])('refuses %j rather than guess', (text) => {
    expect(parseMoney(text)).toBeNaN()
    expect(readMoney(text).kind).toBe('unreadable')
  })

  it.each([
    ['1,5M', 1_500_000, 15_000_000],
    ['250.000', 250, 250_000],
    ['1.234,56', 1_234.56, 123_456],
    ['99.999', 100, 99_999],
    ['$2,5k', 2_500, 25_000],
  ])('reads %j two ways, %d or %d dollars, and takes neither', (text, one, other) => {
    expect(readMoney(text)).toEqual({ kind: 'two-ways', readings: [one, other] })
    expect(parseMoney(text)).toBeNaN()
  })

  it('refuses a budget that reads two ways in the form, offering both readings', () => {
    const result = briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '1,5M' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['budget_usd', '“1,5M” reads two ways: $1,500,000 or $15,000,000. Write the one you mean.'],
    ])
  })

  it('refuses a budget finer than a cent, offering the nearest, where it was rounded silently', () => {
    // "100,000.999" was stored as $100,001.
    const result = briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '100,000.999' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['budget_usd', '“100,000.999” is finer than a cent: write it in dollars and cents, as $100,001.'],
    ])
    expect(readMoney('$1,234.56')).toEqual({ kind: 'amount', value: 1234.56 })
    expect(readMoney('1.23456k')).toEqual({ kind: 'amount', value: 1234.56 })
    expect(readMoney('1.234567k')).toEqual({ kind: 'below-cents', nearest: 1234.57 })
    // Large sums to the cent are sums to the cent, whatever reading them as doubles adds.
    for (const text of ['4969889448.39', '1109783961.85', '$9,999,999,999.99', '7,777,777,777.01']) expect(readMoney(text).kind, text).toBe('amount')
    expect(readMoney('4969889448.395').kind).toBe('below-cents')
  })

  it('reads a lone zero before a dot as dollars and a fraction, and before a comma two ways', () => {
    // "0.001" read two ways, "$0 or $1": no one writes a thousand as 0.001.
    expect(readMoney('0.001')).toEqual({ kind: 'below-cents', nearest: 0 })
    // A comma there may be a decimal comma or a stray separator: both readings are offered, as "1,5"'s are.
    expect(readMoney('0,500')).toEqual({ kind: 'two-ways', readings: [0.5, 500] })
    expect(readMoney('0.50')).toEqual({ kind: 'amount', value: 0.5 })
    const result = briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '0.001' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['budget_usd', '“0.001” is less than a cent: write the budget in whole dollars, as 250,000.'],
    ])
    // "$0.01" is no budget to offer either.
    expect(briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '0.005' }).error?.issues.map((issue) => issue.message)).toEqual([
      '“0.005” is finer than a cent, and less than a dollar: write the budget in whole dollars, as 250,000.',
    ])
  })

  it('says of text that is no sum that it is not, and how to write one', () => {
    for (const typed of ['25O,000', '1e6', 'lots']) {
      const result = briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: typed })
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]), typed).toEqual([
        ['budget_usd', `“${typed}” is not a sum of dollars: write it in digits, as 250,000, $250k or 1.5 million.`],
      ])
    }
    // Nothing typed is asked for, as before.
    expect(briefFormSchema.safeParse({ ...emptyBriefForm, budget_usd: '' }).error?.issues[0]?.message).toBe('Enter a budget in US dollars')
  })
})
