import type { CreditKind, CreditPage } from '../../../api/contract/credits'
import { formatNumber } from '../../../lib/format'
import { formatNumbersAlike } from './figures-alike'

type SummedPart = CreditKind | 'buffer'

/** How each kind's credits read in the summary, in its order: "issued", "into buffer pools", "retired", and so on. */
const partWords: Record<SummedPart, string> = {
  issuance: 'issued',
  buffer: 'issued into buffer pools',
  retirement: 'retired',
  cancellation: 'cancelled',
  retirement_or_cancellation: 'retired or cancelled',
}

/**
 * What the records a filter keeps add up to, kind by kind: credits issued and credits retired are not the same
 * credits, so one total of both would count a retired credit twice.
 */
export function creditSummary(page: Pick<CreditPage, 'total' | 'sum_by_kind' | 'sum_into_buffer_pool'>): string {
  const records = `${formatNumber(page.total)} record${page.total === 1 ? '' : 's'}`
  if (page.sum_by_kind === null) return `About ${records}, too many to count or sum on every read: narrow the filters for their credits`
  const summed: Record<SummedPart, number> = { ...page.sum_by_kind, buffer: page.sum_into_buffer_pool ?? 0 }
  const parts = (Object.keys(partWords) as SummedPart[]).filter((part) => summed[part] !== 0)
  if (parts.length === 0) return `${records}, no credits`
  // To the thousandth at most (Isometric's tonnes), and every figure to as many decimals as the one that needs most.
  const figures = formatNumbersAlike(parts.map((part) => summed[part]), 3)
  const credits = (i: number) => (i > 0 ? '' : summed[parts[0]] === 1 ? ' credit' : ' credits')
  return `${records}: ${parts.map((part, i) => `${figures[i]}${credits(i)} ${partWords[part]}`).join(', ')} (tCO2e)`
}
