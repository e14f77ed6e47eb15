import { creditListQuery, type CreditFilter, type CreditListQuery } from '../../../api/contract/credits'
import { issueMessage } from '../../../api/contract/issue-words'

/** The filters a person sets on the page; where the page begins (a number or a cursor) rides beside them. */
export const creditFilterNames = ['beneficiary', 'project', 'kind', 'registry', 'vintage', 'from', 'to', 'label'] as const
export type CreditFilterName = (typeof creditFilterNames)[number]

/** Where a page begins, as the URL keeps it: the API's own parameters, one at most. */
const pagingNames = ['page', 'after', 'before'] as const
type CreditPaging = Pick<CreditListQuery, (typeof pagingNames)[number]>

/** A filter the URL gave that the records cannot be filtered by: what it said, and why not, in the form's words. */
export interface RefusedFilter {
  value: string
  message: string
}

/**
 * The Credits view's state in its URL, read by the contract's own schema one parameter at a time, and the filters it
 * refused (a kind that does not exist, a name past 200 characters): the page shows those in the form with why, and
 * reads no records, rather than dropping them and showing records they do not filter. A bad page or cursor is
 * dropped: the first page is where a bad one leads anyway. A cursor wins over a page number, as following one sets
 * only it.
 */
export function creditsSearchOf(params: URLSearchParams): { query: CreditListQuery; refused: Partial<Record<CreditFilterName, RefusedFilter>> } {
  const query: Record<string, unknown> = {}
  const refused: Partial<Record<CreditFilterName, RefusedFilter>> = {}
  const filters: readonly string[] = creditFilterNames
  for (const name of [...creditFilterNames, ...pagingNames] as const) {
    const value = params.get(name)
    if (value === null || value === '') continue
    const single = creditListQuery.safeParse({ [name]: value })
    if (single.success) query[name] = (single.data as Record<string, unknown>)[name]
    else if (filters.includes(name)) refused[name as CreditFilterName] = { value, message: linkMessage(name as CreditFilterName, value, single.error.issues[0]) }
  }
  if (query.after !== undefined || query.before !== undefined) delete query.page
  if (query.after !== undefined) delete query.before
  return { query: creditListQuery.parse(query), refused }
}

export const readCreditsSearch = (params: URLSearchParams): CreditListQuery => creditsSearchOf(params).query

/**
 * Why a link's value is refused. A list's field cannot show a value not among its choices, nor a date field text that
 * is no day (`from=2030-99-99` showed an empty field marked wrong): so the words name it.
 */
function linkMessage(name: CreditFilterName, value: string, issue: Parameters<typeof issueMessage>[0]): string {
  const quoted = `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`
  if (issue.code === 'invalid_value') return `The link's ${quoted} is not one of these`
  if (name === 'from' || name === 'to') return `The link's ${quoted} is not a day (YYYY-MM-DD)`
  return filterMessage(name, issue)
}

/** Why a filter's value is refused, as its field says it: a day as the form asks for one, anything else in the contract's words. */
export const filterMessage = (name: CreditFilterName, issue: Parameters<typeof issueMessage>[0]) => (name === 'from' || name === 'to' ? 'A day, as YYYY-MM-DD' : issueMessage(issue))

/** The filters alone, without where the page begins: what the count, the chart and the top retirers are of. */
export function creditFilterOf({ page: _page, per_page: _perPage, after: _after, before: _before, ...filter }: CreditListQuery): CreditFilter {
  return filter
}

/** The search parameters for a query: empty filters and the first page left out, so shared links stay short. */
export function creditsSearchParams(query: Partial<Record<CreditFilterName, string | number | undefined>> & CreditPaging & { n?: number }): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of creditFilterNames) {
    const value = query[name]
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  if (query.after) params.set('after', query.after)
  else if (query.before) params.set('before', query.before)
  else if (query.page && query.page > 1) params.set('page', String(query.page))
  // The number a cursor's page is shown as: the app's alone, never sent to the API.
  if ((query.after || query.before) && query.n !== undefined) params.set('n', String(query.n))
  return params
}

/** The number a cursor's page is shown as, where its link carries one (`creditsSearchParams`); none for a bad one. */
export function carriedNumber(params: URLSearchParams): number | undefined {
  if (!params.get('after') && !params.get('before')) return undefined
  const n = Number(params.get('n'))
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}
