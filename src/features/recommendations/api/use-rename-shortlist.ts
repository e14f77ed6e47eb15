import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recommendationQueries } from '../../../api/queries/recommendations'
import { renameShortlist, shortlistQueries } from '../../../api/queries/shortlists'

/**
 * Names a kept shortlist; the lists are read again so every page shows the new name, and the shortlist itself, kept
 * for good once read (it never changes but for its name), takes the name the answer gives.
 */
export function useRenameShortlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string | null }) => renameShortlist(id, name),
    onSuccess: (renamed) => {
      queryClient.setQueryData(recommendationQueries.detail(renamed.id).queryKey, (shortlist) => shortlist && { ...shortlist, name: renamed.name })
      return queryClient.invalidateQueries({ queryKey: [...shortlistQueries.all(), 'list'] })
    },
  })
}
