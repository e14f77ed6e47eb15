import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { shortlistsPerPage } from '../../../api/shortlist-pages'
import { shortlistQueries } from '../../../api/queries/shortlists'

/** One page of the caller's kept shortlists; the page on screen stays while the next loads. */
export const useShortlists = (page: number) =>
  useQuery({ ...shortlistQueries.list({ page, per_page: shortlistsPerPage }), placeholderData: keepPreviousData })
