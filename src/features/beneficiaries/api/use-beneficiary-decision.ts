import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BeneficiaryDecisionRequest } from '../../../api/contract/beneficiaries'
import { beneficiaryQueries, makeBeneficiaryDecision, undoBeneficiaryDecision } from '../../../api/queries/beneficiaries'
import { creditQueries } from '../../../api/queries/credits'
import { projectQueries } from '../../../api/queries/projects'

/**
 * A decision changes whom records name everywhere: beneficiaries' pages, the Credits view and projects' top
 * retirers are read again.
 */
function useReadAgain() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([beneficiaryQueries.all(), creditQueries.all(), projectQueries.all()].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/**
 * The reads start once the decision is made but are not waited for: a mutation waits for its own `onSuccess` before
 * the caller's, and a page whose name a rename took away was read again first, answered 404 and gave way to "No
 * beneficiary of that name" before the caller could follow the name to its new page.
 */
export function useBeneficiaryDecision() {
  const readAgain = useReadAgain()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: BeneficiaryDecisionRequest) => makeBeneficiaryDecision(request),
    onSuccess: (decision) => {
      // A name that now names no one has no page: read afresh, not refreshed, its page says so and offers the undo,
      // where a refresh of the page on screen failed with "Could not refresh: Not found".
      if (decision.kind === 'no_one') for (const name of decision.names) void queryClient.resetQueries({ queryKey: beneficiaryQueries.detail(name).queryKey })
      void readAgain()
    },
  })
}

export function useUndoBeneficiaryDecision() {
  const readAgain = useReadAgain()
  return useMutation({ mutationFn: (id: string) => undoBeneficiaryDecision(id), onSuccess: () => void readAgain() })
}
