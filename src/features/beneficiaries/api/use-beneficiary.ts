import { useQuery } from '@tanstack/react-query'
import { beneficiaryQueries } from '../../../api/queries/beneficiaries'

export const useBeneficiary = (name: string) => useQuery(beneficiaryQueries.detail(name))
