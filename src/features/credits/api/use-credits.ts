import { useQuery } from '@tanstack/react-query'
import type { CreditListQuery } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

export const useCredits = (query: CreditListQuery) => useQuery(creditQueries.list(query))
