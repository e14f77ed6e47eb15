import * as z from 'zod/mini'
import { projectStatus, registryCode } from '../../../api/contract/common'
import { facetNames, type FacetName } from '../../../api/contract/facets'
import { maxSearchChars, projectSortKey, type ProjectFilters, type ProjectListQuery } from '../../../api/contract/projects'

/**
 * The project browser's state as it lives in the URL: every filter, the sort and the page. A link, a reload or
 * the back button gives the same rows. Values that cannot be read fall back to the defaults instead of failing,
 * so an old or hand-edited link still opens.
 */
export const pageSizes = [25, 50, 100, 200] as const
export const defaultSort = '-quality_score'
export const defaultPageSize = 50

const values = z._default(z.catch(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(50)), []), [])
/** Keeps the values an enum knows and drops the rest, so one stray value does not clear the whole filter. */
const enumValues = <V extends string>(options: readonly V[]) =>
  z._default(
    z.catch(
      z.pipe(
        z.array(z.string()),
        z.transform((list) => list.filter((v): v is V => (options as readonly string[]).includes(v))),
      ),
      [],
    ),
    [],
  )

/** A search longer than the API takes: the box says so beside itself, and no list is shown as if it matched. */
export const searchTooLong = (q: string) => q.length > maxSearchChars

export const browserSearchSchema = z.object({
  // Kept whatever its length, so the box shows what the address gave and says why it is not searched.
  q: z._default(z.catch(z.string().check(z.trim()), ''), ''),
  type: values,
  scope: values,
  region: values,
  country: values,
  registry: enumValues(registryCode.options),
  status: enumValues(projectStatus.options),
  label: values,
  co_benefit: values,
  vintage_min: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1900), z.lte(2100))), undefined),
  sort: z._default(
    z.catch(z.string().check(z.regex(new RegExp(`^-?(${projectSortKey.options.join('|')})$`))), defaultSort),
    defaultSort,
  ),
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1), 1),
  per_page: z._default(z.catch(z.pipe(z.coerce.number(), z.literal(pageSizes)), defaultPageSize), defaultPageSize),
})
export type BrowserSearch = z.infer<typeof browserSearchSchema>

export function parseBrowserSearch(params: URLSearchParams): BrowserSearch {
  const raw: Record<string, unknown> = {}
  for (const name of facetNames) if (params.has(name)) raw[name] = params.getAll(name)
  for (const name of ['q', 'vintage_min', 'sort', 'page', 'per_page'] as const) {
    const value = params.get(name)
    if (value !== null && value !== '') raw[name] = value
  }
  return browserSearchSchema.parse(raw)
}

/** Writes only what differs from the defaults, in a fixed order, so equal states have equal URLs. */
export function serializeBrowserSearch(search: BrowserSearch): URLSearchParams {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  for (const name of facetNames) for (const value of search[name]) params.append(name, value)
  if (search.vintage_min !== undefined) params.set('vintage_min', String(search.vintage_min))
  if (search.sort !== defaultSort) params.set('sort', search.sort)
  if (search.page !== 1) params.set('page', String(search.page))
  if (search.per_page !== defaultPageSize) params.set('per_page', String(search.per_page))
  return params
}

/** The filters alone, with empty ones left out so that equal filters make equal query keys. */
export function toProjectFilters(search: BrowserSearch): ProjectFilters {
  const filters: ProjectFilters = {}
  if (search.q && !searchTooLong(search.q)) filters.q = search.q
  for (const name of facetNames) {
    const list = search[name]
    if (list.length > 0) (filters as Record<FacetName, string[]>)[name] = list
  }
  if (search.vintage_min !== undefined) filters.vintage_min = search.vintage_min
  return filters
}

export function toListQuery(search: BrowserSearch): Partial<ProjectListQuery> {
  return { ...toProjectFilters(search), sort: search.sort, page: search.page, per_page: search.per_page }
}

export function hasFilters(search: BrowserSearch): boolean {
  return Object.keys(toProjectFilters(search)).length > 0
}

/** Clearing filters keeps the sort and page size the reader chose, and goes back to the first page. */
export function withoutFilters(search: BrowserSearch): BrowserSearch {
  return browserSearchSchema.parse({ sort: search.sort, per_page: search.per_page })
}

export interface SortState {
  id: string
  desc: boolean
}

export function sortFromParam(sort: string): SortState {
  return sort.startsWith('-') ? { id: sort.slice(1), desc: true } : { id: sort, desc: false }
}

export function sortToParam(sort: SortState | undefined): string {
  if (!sort) return defaultSort
  return `${sort.desc ? '-' : ''}${sort.id}`
}
