import { creditListQuery, type CreditListQuery } from '../../../api/contract/credits'

/** The filters a person sets on the page; the page number rides beside them. */
export const creditFilterNames = ['beneficiary', 'project', 'kind', 'registry', 'vintage', 'from', 'to', 'label'] as const
export type CreditFilterName = (typeof creditFilterNames)[number]

/**
 * The Credits view's state in its URL, read by the contract's own schema one parameter at a time: a bad value
 * (a kind that does not exist, a date that is not one) is dropped rather than failing the whole page.
 */
export function readCreditsSearch(params: URLSearchParams): CreditListQuery {
  const query: Record<string, unknown> = {}
  for (const name of [...creditFilterNames, 'page'] as const) {
    const value = params.get(name)
    if (value === null || value === '') continue
    const single = creditListQuery.safeParse({ [name]: value })
    if (single.success) query[name] = (single.data as Record<string, unknown>)[name]
  }
  return creditListQuery.parse(query)
}

/** The search parameters for a query: empty filters and the first page left out, so shared links stay short. */
export function creditsSearchParams(query: Partial<Record<CreditFilterName, string | number | undefined>> & { page?: number }): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of creditFilterNames) {
    const value = query[name]
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  if (query.page && query.page > 1) params.set('page', String(query.page))
  return params
}
