import type { Recommendation } from '../../../api/contract/recommendations'
import { formatNumber, formatPercent, formatUsd } from '../../../lib/format'

/** What the suggested purchase adds up to, against the budget; built on estimated prices, it says so. */
export function ShortlistTotals({ totals, estimated }: { totals: Recommendation['totals']; estimated: boolean }) {
  const share = totals.budget_usd > 0 ? Math.min(1, totals.allocated_usd / totals.budget_usd) : 0
  return (
    <section className="shortlist-totals card" aria-labelledby="totals-title">
      <h2 id="totals-title">Against the budget</h2>
      <dl className="facts">
        <div className="fact">
          <dt>{estimated ? 'Allocated, at estimated prices' : 'Allocated'}</dt>
          <dd>
            {formatUsd(totals.allocated_usd)} <span className="muted">of {formatUsd(totals.budget_usd)} ({formatPercent(share)})</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Left unallocated</dt>
          <dd>{formatUsd(totals.remaining_usd)}</dd>
        </div>
        <div className="fact">
          <dt>Tonnes</dt>
          <dd>{formatNumber(totals.tonnes)} tCO2e</dd>
        </div>
      </dl>
      {estimated && (
        <p className="muted">
          Some prices here are estimates, not quotes: tonnes and costs are what the budget would buy at those prices. Each
          price says whether it is a quote or an estimate, with the estimate's range.
        </p>
      )}
      <span className="bar bar-wide" aria-hidden="true">
        <span className="bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </section>
  )
}
