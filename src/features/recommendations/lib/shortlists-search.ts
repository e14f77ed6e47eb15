import * as z from 'zod/mini'

/** The kept shortlists' page in the URL (`/shortlists?page=2`); anything else falls back to the first page. */
const shortlistsSearch = z.object({
  page: z._default(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1), 1),
})

export const readShortlistsPage = (params: URLSearchParams): number => shortlistsSearch.parse({ page: params.get('page') ?? undefined }).page
