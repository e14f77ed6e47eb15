import * as z from 'zod/mini'
import { freshnessState } from '../../../api/contract/common'
import type { CoverageQuery } from '../../../api/contract/coverage'
import { rowHeights, type RowHeight } from './heatmap-layout'

const filterValue = z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))), undefined)

/**
 * The coverage view's state, read from its URL: filters, order and row height. A value that does not parse
 * falls back to its default rather than breaking a shared link.
 */
export const coverageSearch = z.object({
  source: filterValue,
  type: filterValue,
  region: filterValue,
  state: z.catch(z.optional(freshnessState), undefined),
  sort: z.catch(z._default(z.enum(['stalest', 'key']), 'stalest'), 'stalest'),
  rows: z.catch(z.optional(z.pipe(z.coerce.number(), z.literal(rowHeights as readonly RowHeight[]))), undefined),
})
export type CoverageSearch = z.infer<typeof coverageSearch>
export const coverageSearchNames = ['source', 'type', 'region', 'state', 'sort', 'rows'] as const

export function readCoverageSearch(params: URLSearchParams): CoverageSearch {
  return coverageSearch.parse(Object.fromEntries(coverageSearchNames.map((name) => [name, params.get(name) ?? undefined])))
}

/** Writes only what differs from the defaults, so a plain visit keeps a plain URL. */
export function writeCoverageSearch(search: CoverageSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.source) params.set('source', search.source)
  if (search.type) params.set('type', search.type)
  if (search.region) params.set('region', search.region)
  if (search.state) params.set('state', search.state)
  if (search.sort !== 'stalest') params.set('sort', search.sort)
  if (search.rows !== undefined) params.set('rows', String(search.rows))
  return params
}

/** Every project in one answer: the heatmap needs the whole matrix, and the API allows up to this many rows. */
export const matrixPageSize = 20_000

export function matrixQuery(search: CoverageSearch): Partial<CoverageQuery> {
  const query: Partial<CoverageQuery> = { sort: search.sort, per_page: matrixPageSize }
  if (search.source) query.source = [search.source]
  if (search.type) query.type = [search.type]
  if (search.region) query.region = [search.region]
  if (search.state) query.state = search.state
  return query
}
