import { creditListQuery, type CreditFilter, type CreditListQuery } from '../../../api/contract/credits'

/** The filters a person sets on the page; where the page begins (a number or a cursor) rides beside them. */
export const creditFilterNames = ['beneficiary', 'project', 'kind', 'registry', 'vintage', 'from', 'to', 'label'] as const
export type CreditFilterName = (typeof creditFilterNames)[number]

/** Where a page begins, as the URL keeps it: the API's own parameters, one at most. */
const pagingNames = ['page', 'after', 'before'] as const
type CreditPaging = Pick<CreditListQuery, (typeof pagingNames)[number]>

/**
 * The Credits view's state in its URL, read by the contract's own schema one parameter at a time: a bad value
 * (a kind that does not exist, a date that is not one) is dropped rather than failing the whole page. A cursor
 * wins over a page number, as following one sets only it.
 */
export function readCreditsSearch(params: URLSearchParams): CreditListQuery {
  const query: Record<string, unknown> = {}
  for (const name of [...creditFilterNames, ...pagingNames] as const) {
    const value = params.get(name)
    if (value === null || value === '') continue
    const single = creditListQuery.safeParse({ [name]: value })
    if (single.success) query[name] = (single.data as Record<string, unknown>)[name]
  }
  if (query.after !== undefined || query.before !== undefined) delete query.page
  if (query.after !== undefined) delete query.before
  return creditListQuery.parse(query)
}

/** The filters alone, without where the page begins: what the count, the chart and the top retirers are of. */
export function creditFilterOf({ page: _page, per_page: _perPage, after: _after, before: _before, ...filter }: CreditListQuery): CreditFilter {
  return filter
}

/** The search parameters for a query: empty filters and the first page left out, so shared links stay short. */
export function creditsSearchParams(query: Partial<Record<CreditFilterName, string | number | undefined>> & CreditPaging): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of creditFilterNames) {
    const value = query[name]
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  if (query.after) params.set('after', query.after)
  else if (query.before) params.set('before', query.before)
  else if (query.page && query.page > 1) params.set('page', String(query.page))
  return params
}
