import { describe, expect, it } from 'vitest'
import { matrixQuery, readCoverageSearch, writeCoverageSearch } from '../../src/features/coverage/lib/coverage-search'

const read = (query: string) => readCoverageSearch(new URLSearchParams(query))

describe('the heatmap view in its URL', () => {
  it('defaults to the stalest projects first, with no filter', () => {
    expect(read('')).toEqual({ sort: 'stalest' })
    expect(writeCoverageSearch(read('')).toString()).toBe('')
  })

  it('reads filters, order and row height back as they were written', () => {
    const search = read('source=src_verra&type=Wind&region=Europe&state=stale&sort=key&rows=8')
    expect(search).toEqual({ source: 'src_verra', type: 'Wind', region: 'Europe', state: 'stale', sort: 'key', rows: 8 })
    expect(read(writeCoverageSearch(search).toString())).toEqual(search)
  })

  it('falls back to defaults for values it does not know, so a mangled link still opens', () => {
    expect(read('state=rotten&sort=random&rows=7')).toEqual({ sort: 'stalest' })
  })

  it('asks the API for the whole matrix under the filters', () => {
    expect(matrixQuery(read('type=Wind&state=missing'))).toEqual({
      sort: 'stalest',
      per_page: 20_000,
      type: ['Wind'],
      state: 'missing',
    })
  })
})
