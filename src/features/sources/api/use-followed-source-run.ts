import { useQuery, useQueryClient } from '@tanstack/react-query'
import { followedSourceRunOptions } from './followed-source-run'

/** One run, kept up to date until it ends. */
export function useFollowedSourceRun(id: string) {
  const queryClient = useQueryClient()
  return useQuery(followedSourceRunOptions(queryClient, id))
}
