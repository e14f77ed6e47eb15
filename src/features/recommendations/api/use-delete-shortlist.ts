import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recommendationQueries } from '../../../api/queries/recommendations'
import { deleteShortlist, shortlistQueries } from '../../../api/queries/shortlists'

/**
 * Deletes a kept shortlist; the lists are read again so no page shows it, and what the app had read of it (the
 * shortlist, kept for good once read, and its evidence) is forgotten, so its link is asked of the API anew.
 */
export function useDeleteShortlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteShortlist(id),
    onSuccess: (deleted) => {
      queryClient.removeQueries({ queryKey: recommendationQueries.detail(deleted.id).queryKey })
      queryClient.removeQueries({ queryKey: shortlistQueries.evidence(deleted.id).queryKey })
      return queryClient.invalidateQueries({ queryKey: [...shortlistQueries.all(), 'list'] })
    },
  })
}
