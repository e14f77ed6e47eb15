import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createRecommendation, recommendationQueries } from '../../../api/queries/recommendations'
import type { Recommendation } from '../../../api/contract/recommendations'

/** Posts a brief and seeds the cache with the answer, so the shortlist page opens without a second request. */
export function useCreateRecommendation(onCreated: (recommendation: Recommendation) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRecommendation,
    onSuccess: (recommendation) => {
      queryClient.setQueryData(recommendationQueries.detail(recommendation.id).queryKey, recommendation)
      onCreated(recommendation)
    },
  })
}
