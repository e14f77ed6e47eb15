import { queryOptions } from '@tanstack/react-query'
import { apiGet, apiRequest } from '../client'
import { beneficiary, beneficiaryDecision, beneficiaryDecisionPage, type BeneficiaryDecisionRequest } from '../contract/beneficiaries'
import { endpoints, endpointUrl } from '../endpoints'

/** A beneficiary's page, and the analysts' decisions that shape it. */
export const beneficiaryQueries = {
  all: () => ['beneficiaries'] as const,
  detail: (name: string) =>
    queryOptions({
      queryKey: [...beneficiaryQueries.all(), 'detail', name] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getBeneficiary, { name }), beneficiary, { signal }),
    }),
  /**
   * The decisions about a name, newest first, undone ones too: what a name no record resolves to any more can be
   * traced to, however many decisions were made since.
   */
  decisionsAbout: (name: string) =>
    queryOptions({
      queryKey: [...beneficiaryQueries.all(), 'decisions', name] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listBeneficiaryDecisions, {}, { name, per_page: 50 }), beneficiaryDecisionPage, { signal }),
    }),
}

/** Makes a decision; the answer says what it decided and how many records it moved. */
export async function makeBeneficiaryDecision(request: BeneficiaryDecisionRequest) {
  return (await apiRequest(endpointUrl(endpoints.createBeneficiaryDecision), beneficiaryDecision, { method: 'POST', body: request })).data
}

/** Undoes a decision; it stays listed, marked undone. */
export async function undoBeneficiaryDecision(id: string) {
  return (await apiRequest(endpointUrl(endpoints.undoBeneficiaryDecision, { id }), beneficiaryDecision, { method: 'POST' })).data
}

/** Where every decision is downloaded as CSV from, through the same proxy as every read. */
export const beneficiaryDecisionsCsvPath = () => endpointUrl(endpoints.exportBeneficiaryDecisions)
