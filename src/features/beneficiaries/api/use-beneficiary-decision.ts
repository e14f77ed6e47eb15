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

export function useBeneficiaryDecision() {
  const readAgain = useReadAgain()
  return useMutation({ mutationFn: (request: BeneficiaryDecisionRequest) => makeBeneficiaryDecision(request), onSuccess: readAgain })
}

export function useUndoBeneficiaryDecision() {
  const readAgain = useReadAgain()
  return useMutation({ mutationFn: (id: string) => undoBeneficiaryDecision(id), onSuccess: readAgain })
}
