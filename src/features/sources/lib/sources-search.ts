import type { SortingState, Updater } from '@tanstack/react-table'
import * as z from 'zod/mini'

/** The catalog's column ids, which are also its sort values. */
export const catalogSortIds = ['name', 'kind', 'connector', 'cadence', 'age', 'projects', 'state'] as const

const sortPattern = new RegExp(`^-?(${catalogSortIds.join('|')})$`)

/** The sources page's state in its URL: the catalog's sort and the run being followed. Bad values fall back. */
export const sourcesSearch = z.object({
  sort: z._default(z.catch(z.string().check(z.regex(sortPattern)), 'name'), 'name'),
  run: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
})
export type SourcesSearch = z.infer<typeof sourcesSearch>

export function readSourcesSearch(params: URLSearchParams): SourcesSearch {
  return sourcesSearch.parse({ sort: params.get('sort') ?? undefined, run: params.get('run') ?? undefined })
}

export function sortToSorting(sort: string): SortingState {
  return [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }]
}

export function sortingToSort(current: SortingState, updater: Updater<SortingState>): string {
  const next = typeof updater === 'function' ? updater(current) : updater
  const first = next[0]
  return first ? `${first.desc ? '-' : ''}${first.id}` : 'name'
}
