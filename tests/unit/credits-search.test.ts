import { describe, expect, it } from 'vitest'
import { carriedNumber, creditFilterOf, creditsSearchOf, creditsSearchParams, readCreditsSearch } from '../../src/features/credits/lib/credits-search'

const read = (query: string) => readCreditsSearch(new URLSearchParams(query))

describe('the Credits view in its URL', () => {
  it('keeps the cursor it followed beside the filters, and leaves the first page out', () => {
    expect(read('beneficiary=acme&after=WyJhYmMiXQ')).toEqual({ beneficiary: 'acme', per_page: 50, after: 'WyJhYmMiXQ' })
    expect(creditsSearchParams({ beneficiary: 'acme', after: 'WyJhYmMiXQ' }).toString()).toBe('beneficiary=acme&after=WyJhYmMiXQ')
    expect(creditsSearchParams({ beneficiary: 'acme', before: 'WyJhYmMiXQ' }).toString()).toBe('beneficiary=acme&before=WyJhYmMiXQ')
    expect(creditsSearchParams({ kind: 'retirement', page: 1 }).toString()).toBe('kind=retirement')
    expect(creditsSearchParams({ kind: 'retirement', page: 3 }).toString()).toBe('kind=retirement&page=3')
  })

  it("carries the number a cursor's page is shown as beside the cursor, never to the API, and drops a bad one", () => {
    expect(creditsSearchParams({ kind: 'retirement', after: 'WyJhYmMiXQ', n: 2 }).toString()).toBe('kind=retirement&after=WyJhYmMiXQ&n=2')
    // A numbered page has its own number: none is carried beside it.
    expect(creditsSearchParams({ page: 3, n: 3 }).toString()).toBe('page=3')
    expect(read('after=WyJhYmMiXQ&n=2')).toEqual({ per_page: 50, after: 'WyJhYmMiXQ' })
    expect(carriedNumber(new URLSearchParams('after=WyJhYmMiXQ&n=2'))).toBe(2)
    expect(carriedNumber(new URLSearchParams('before=WyJhYmMiXQ&n=1'))).toBe(1)
    for (const query of ['n=2', 'after=WyJhYmMiXQ&n=0', 'after=WyJhYmMiXQ&n=two', 'after=WyJhYmMiXQ&n=1.5', 'after=WyJhYmMiXQ']) expect(carriedNumber(new URLSearchParams(query)), query).toBeUndefined()
  })

  it('asks for one start at most: a cursor wins over a page number, `after` over `before`', () => {
    expect(read('page=3&after=WyJhIl0')).toEqual({ per_page: 50, after: 'WyJhIl0' })
    expect(read('page=3&before=WyJiIl0')).toEqual({ per_page: 50, before: 'WyJiIl0' })
    expect(read('after=WyJhIl0&before=WyJiIl0')).toEqual({ per_page: 50, after: 'WyJhIl0' })
    expect(read('page=3')).toEqual({ per_page: 50, page: 3 })
  })

  it('gives the chart, the count and the top retirers the filters alone', () => {
    expect(creditFilterOf(read('project=VCS191&vintage=2020&page=2&after=WyJhIl0'))).toEqual({ project: 'VCS191', vintage: 2020 })
  })

  it('gives back the filters it cannot read, each with what it said and why, and reads the rest; a bad page is only dropped', () => {
    const { query, refused } = creditsSearchOf(new URLSearchParams(`beneficiary=${'x'.repeat(201)}&kind=bought&from=yesterday&vintage=1850&registry=VCS&page=zero`))
    expect(query).toEqual({ per_page: 50, registry: 'VCS' })
    expect(refused).toEqual({
      beneficiary: { value: 'x'.repeat(201), message: 'At most 200 characters' },
      kind: { value: 'bought', message: "The link's “bought” is not one of these" },
      // A date field cannot show text that is no day: the words name what the link said.
      from: { value: 'yesterday', message: "The link's “yesterday” is not a day (YYYY-MM-DD)" },
      vintage: { value: '1850', message: 'Vintage is a year from 1990 to 2100, such as 2019.' },
    })
  })
})
