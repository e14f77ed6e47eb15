import { useQuery } from '@tanstack/react-query'
import { recommendationQueries } from '../../../api/queries/recommendations'

export const useRecommendation = (id: string) => useQuery(recommendationQueries.detail(id))
