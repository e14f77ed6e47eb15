import type { CreditTotals } from '../../api/contract/credits'
import type { creditTotalsByPeriod } from '../db/queries/credits'

type PeriodRow = Awaited<ReturnType<typeof creditTotalsByPeriod>>[number]

/** A filter's credits per period as the contract shapes them: each kind a number (the store's sums come as text). */
export const toCreditTotals = (interval: CreditTotals['interval'], rows: readonly PeriodRow[]): CreditTotals => ({
  object: 'credit_totals',
  interval,
  periods: rows.map((row) => ({
    period: row.period,
    issued: Number(row.issued),
    into_buffer_pool: Number(row.into_buffer_pool),
    retired: Number(row.retired),
    cancelled: Number(row.cancelled),
    retired_or_cancelled: Number(row.retired_or_cancelled),
  })),
})
