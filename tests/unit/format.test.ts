import { describe, expect, it } from 'vitest'
import { shortlistFileName } from '../../src/lib/shortlist-file-name'
import { formatShare, percentsInWords } from '../../src/features/recommendations/lib/shares'
import { formatCount, formatDate, formatDateSpan, formatDateTime, formatNumber, formatPercent, formatUnitPrice, formatUsd, missingValue } from '../../src/lib/format'
import { ageWords, formatAge } from '../../src/lib/format-age'
import { formatScore } from '../../src/lib/format-score'

describe('format', () => {
  it('formats whole dollar amounts without cents and prices with cents', () => {
    expect(formatUsd(250000)).toBe('$250,000')
    expect(formatUsd(4.7)).toBe('$4.70')
    // In a column some of whose amounts have cents, a whole one is written to the cent too.
    expect(formatUsd(291_116, true)).toBe('$291,116.00')
    expect(formatUsd(12345.678)).toBe('$12,345.68')
  })

  it('shows a dash, not zero, for a missing value', () => {
    expect(formatUsd(null)).toBe(missingValue)
    // A price per tonne always to the cent, so "$3.00 estimate" reads as "$5.50" beside it does.
    expect(formatUnitPrice(3)).toBe('$3.00')
    expect(formatUnitPrice(5.5)).toBe('$5.50')
    expect(formatUnitPrice(null)).toBe(missingValue)
    expect(formatNumber(undefined)).toBe(missingValue)
    expect(formatPercent(null)).toBe(missingValue)
    expect(formatDate(null)).toBe(missingValue)
    expect(formatDate('not a date')).toBe(missingValue)
    expect(formatAge(null)).toBe(missingValue)
  })

  it('groups thousands', () => {
    expect(formatNumber(2550000000)).toBe('2,550,000,000')
    expect(formatNumber(1234.567, 1)).toBe('1,234.6')
  })

  it('formats dates in UTC, so a shared link reads the same everywhere', () => {
    expect(formatDate('2026-11-01T23:30:00Z')).toBe('Nov 1, 2026')
    expect(formatDate('2026-11-01T23:30:00-05:00')).toBe('Nov 2, 2026')
    expect(formatDateTime('2026-11-01T09:30:00Z')).toMatch(/^Nov 1, 2026, 09:30 UTC$/)
  })

  it('says how long ago in the largest sensible unit', () => {
    expect(formatAge(0)).toBe('less than an hour ago')
    expect(formatAge(1)).toBe('1 hour ago')
    expect(formatAge(30)).toBe('30 hours ago')
    expect(formatAge(72)).toBe('3 days ago')
    expect(formatAge(24 * 59)).toBe('59 days ago')
    expect(formatAge(24 * 60)).toBe('2 months ago')
    expect(formatAge(24 * 90)).toBe('3 months ago')
    // Berkeley's release day, seen eleven months less two days later.
    expect(formatAge(24 * 333)).toBe('11 months ago')
    expect(formatAge(24 * 715)).toBe('23 months ago')
    expect(formatAge(24 * 730)).toBe('2 years ago')
    expect(formatAge(24 * 365 * 3)).toBe('3 years ago')
    // The one wording of an age, which a shortlist's note says "old" after: its "10 months old" was this "11 months ago".
    expect(ageWords(24 * 333)).toBe('11 months')
    expect(ageWords(5)).toBe('5 hours')
    expect(ageWords(null)).toBe(missingValue)
  })

  it('counts in the singular for one, and writes a one-day span once', () => {
    expect(formatCount(1, 'source')).toBe('1 source')
    expect(formatCount(11025, 'project')).toBe('11,025 projects')
    expect(formatCount(2, 'country', 'countries')).toBe('2 countries')
    expect(formatDateSpan('2026-03-31', '2026-03-31')).toBe('Mar 31, 2026')
    expect(formatDateSpan('2025-03-10', '2026-02-20')).toBe('Mar 10, 2025 to Feb 20, 2026')
  })

  it('gives a quality score to its tenth, a whole one too, as the shortlist\'s reasons write it', () => {
    expect(formatScore(78)).toBe('78.0')
    expect(formatScore(74.84)).toBe('74.8')
    expect(formatScore(74.86)).toBe('74.9')
  })

  it('formats fractions as percentages', () => {
    expect(formatPercent(0.724)).toBe('72%')
    expect(formatPercent(0.7245, 1)).toBe('72.5%')
    expect(formatPercent(1)).toBe('100%')
  })

  it('gives a cap to the hundredth of a percent where it has one, as a person types it or the API widens it', () => {
    expect(formatShare(0.305)).toBe('30.5%')
    expect(formatShare(0.003)).toBe('0.3%')
    expect(formatShare(0.4)).toBe('40%')
    expect(formatShare(1 / 3)).toBe('33.33%')
    expect(formatShare(0.1001)).toBe('10.01%')
    expect(formatShare(undefined)).toBe(missingValue)
  })

  it('rounds the shares of a whole to whole percents that add up to 100, each within a point of its share', () => {
    // Berkeley's $250,000 brief by type, as its table gives it ($ of $249,998.20): 40.0%, 29.5%, 19.8% and 10.7% read
    // "40%, 30%, 20%, 11%", 101%, each rounded on its own. 29.5% gives up the point: rounded up, it gained the least.
    const types = [99_988, 73_857.2, 49_457.1, 26_695.9].map((usd) => usd / 249_998.2)
    expect(percentsInWords(types)).toEqual(['40%', '29%', '20%', '11%'])
    // By region: 30.7%, 19.6%, 10.2%, 9.9%, 9.9%, 9.8% and 9.8%.
    const regions = [76_717.4, 49_007, 25_609.5, 24_778.6, 24_678.5, 24_603.6, 24_603.6].map((usd) => usd / 249_998.2)
    expect(percentsInWords(regions)).toEqual(['31%', '19%', '10%', '10%', '10%', '10%', '10%'])
    // A buyer's cookstoves: "93%, 6%, 2%" each on its own.
    expect(percentsInWords([0.9254, 0.0551, 0.0195])).toEqual(['93%', '5%', '2%'])
    // Halves and thirds alike: the earlier share, the larger as the API orders them, takes the point.
    expect(percentsInWords([0.295, 0.705])).toEqual(['30%', '70%'])
    expect(percentsInWords([1 / 3, 1 / 3, 1 / 3])).toEqual(['34%', '33%', '33%'])
    expect(percentsInWords([0.29, 0.71])).toEqual(['29%', '71%'])
    expect(percentsInWords([1])).toEqual(['100%'])
  })

  it('adds up to 100 and stays within a point of every share, whatever the shares', () => {
    let seed = 7
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647)
    for (let run = 0; run < 500; run++) {
      const dollars = Array.from({ length: 1 + Math.floor(random() * 9) }, () => Math.round(random() * 100_000) / 100)
      const total = dollars.reduce((sum, usd) => sum + usd, 0)
      if (total === 0) continue
      const shares = dollars.map((usd) => usd / total)
      const percents = percentsInWords(shares).map((words) => (words === 'under 1%' ? 0 : Number.parseInt(words, 10)))
      const sum = percents.reduce((all, percent) => all + percent, 0)
      // A share read "under 1%" holds a point back; so does the largest, read 99% rather than 100% beside it.
      const heldBack = percents.some((percent, i) => percent === 0 && shares[i] > 0)
      expect(heldBack ? [99, 100] : [100]).toContain(sum)
      percents.forEach((percent, i) => expect(Math.abs(percent - shares[i] * 100)).toBeLessThan(1))
    }
  })

  it('never calls a share that is there 0%: one the rounding took to nothing reads under 1%, and the largest gives up its point', () => {
    expect(percentsInWords([0.00112, 0.99888])).toEqual(['under 1%', '99%'])
    expect(percentsInWords([0.002, 0.003, 0.995])).toEqual(['under 1%', 'under 1%', '99%'])
    // The mix of a removals-only shortlist: its table gives 99.3%, 0.6% and 0.2%; the words read "98%" for the first.
    expect(percentsInWords([0.993, 0.0056, 0.0014])).toEqual(['99%', '1%', 'under 1%'])
    // Berkeley's removals-only shortlist by region, as its table gives it ($ of $249,995.70): North America 50.0%.
    const regions = [124_964.5, 102_176.1, 22_423.1, 432].map((usd) => usd / 249_995.7)
    expect(percentsInWords(regions)).toEqual(['50%', '41%', '9%', 'under 1%'])
    expect(percentsInWords([0, 1])).toEqual(['0%', '100%'])
    expect(percentsInWords([0.4, 0.35, 0.25])).toEqual(['40%', '35%', '25%'])
  })

  it('writes a negative figure with the minus sign, as the sentences beside it do', () => {
    expect(formatNumber(-81_661)).toBe('−81,661')
    expect(formatNumber(-0.5, 2)).toBe('−0.5')
    expect(formatNumber(7_094)).toBe('7,094')
  })

  it("names a shortlist's file by its name, in ASCII, before its id", () => {
    expect(shortlistFileName({ id: 'rec_1', name: null }, 'xlsx')).toBe('credence-shortlist-rec_1.xlsx')
    expect(shortlistFileName({ id: 'rec_1', name: '  Board paper, Q3  ' }, 'csv')).toBe('credence-shortlist-board-paper-q3-rec_1.csv')
    expect(shortlistFileName({ id: 'rec_1', name: 'Forêts de Côte d’Ivoire / 2026' }, 'xlsx')).toBe('credence-shortlist-forets-de-cote-d-ivoire-2026-rec_1.xlsx')
    expect(shortlistFileName({ id: 'rec_1', name: '二酸化炭素' }, 'xlsx')).toBe('credence-shortlist-rec_1.xlsx')
    expect(shortlistFileName({ id: 'rec_1', name: 'a'.repeat(120) }, 'xlsx')).toBe(`credence-shortlist-${'a'.repeat(60)}-rec_1.xlsx`)
  })
})
