import type { CreditKind, CreditPage } from '../../../api/contract/credits'
import { formatNumber } from '../../../lib/format'

/** How each kind's credits read in the summary: "issued", "retired", and so on. */
const kindWords: Record<CreditKind, string> = {
  issuance: 'issued',
  retirement: 'retired',
  cancellation: 'cancelled',
  retirement_or_cancellation: 'retired or cancelled',
}

/**
 * What the records a filter keeps add up to, kind by kind: credits issued and credits retired are not the same
 * credits, so one total of both would count a retired credit twice.
 */
export function creditSummary(page: Pick<CreditPage, 'total' | 'sum_by_kind' | 'sum_quantity'>): string {
  const records = `${formatNumber(page.total)} record${page.total === 1 ? '' : 's'}`
  if (page.sum_by_kind === null) return `About ${records}, too many to count or sum on every read: narrow the filters for their credits`
  const byKind = page.sum_by_kind
  const kinds = (Object.keys(kindWords) as CreditKind[]).filter((kind) => byKind[kind] !== 0)
  if (kinds.length === 0) return `${records}, no credits`
  return `${records}: ${kinds.map((kind, i) => `${formatNumber(byKind[kind], 3)}${i === 0 ? ' credits' : ''} ${kindWords[kind]}`).join(', ')} (tCO2e)`
}
