import { useMutation, useQueryClient } from '@tanstack/react-query'
import { renameShortlist, shortlistQueries } from '../../../api/queries/shortlists'

/** Names a kept shortlist; the lists are read again so every page shows the new name. */
export function useRenameShortlist() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string | null }) => renameShortlist(id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...shortlistQueries.all(), 'list'] }),
  })
}
