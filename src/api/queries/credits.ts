import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { apiGet } from '../client'
import { creditBeneficiaries, creditPage, creditTotals, type CreditBeneficiariesQuery, type CreditListQuery, type CreditTotalsQuery } from '../contract/credits'
import { endpoints, endpointUrl } from '../endpoints'

export const creditQueries = {
  all: () => ['credits'] as const,
  list: (query: CreditListQuery) =>
    queryOptions({
      queryKey: [...creditQueries.all(), 'list', query] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listCredits, {}, { ...query }), creditPage, { signal }),
      // The table keeps its rows while the next page or filter loads, rather than flashing empty.
      placeholderData: keepPreviousData,
    }),
  totals: (query: CreditTotalsQuery) =>
    queryOptions({
      queryKey: [...creditQueries.all(), 'totals', query] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.getCreditTotals, {}, { ...query }), creditTotals, { signal }),
      placeholderData: keepPreviousData,
    }),
  beneficiaries: (query: CreditBeneficiariesQuery) =>
    queryOptions({
      queryKey: [...creditQueries.all(), 'beneficiaries', query] as const,
      queryFn: ({ signal }) => apiGet(endpointUrl(endpoints.listCreditBeneficiaries, {}, { ...query }), creditBeneficiaries, { signal }),
      placeholderData: keepPreviousData,
    }),
}
