import { useQuery } from '@tanstack/react-query'
import type { CreditListQuery } from '../../../api/contract/credits'
import { creditQueries } from '../../../api/queries/credits'

/** The records of a query; `enabled` false while the page's filters cannot be read (none is asked for meanwhile). */
export const useCredits = (query: CreditListQuery, enabled = true) => useQuery({ ...creditQueries.list(query), enabled })
