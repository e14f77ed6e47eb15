import type { CreditKind } from '../../../api/contract/credits'

export const creditKindNames: Record<CreditKind, string> = {
  issuance: 'Issuance',
  retirement: 'Retirement',
  cancellation: 'Cancellation',
  retirement_or_cancellation: 'Retired or cancelled',
}
