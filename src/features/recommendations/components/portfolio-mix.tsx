import type { Brief, MixShare, Portfolio } from '../../../api/contract/recommendations'
import { formatPercent, formatUsd } from '../../../lib/format'
import { reductionRemovalName } from '../../../lib/reduction-removal'
import { describeCaps } from '../portfolio-caps'

const dimensions: { key: keyof Portfolio['mix']; title: string; label?: (value: string) => string }[] = [
  { key: 'type', title: 'By project type' },
  { key: 'region', title: 'By region' },
  { key: 'reduction_removal', title: 'Reduction or removal', label: reductionRemovalName },
]

/**
 * How the money allocated is spread: a bar per value, its length the share, beside the share and the amount
 * as text (the bars are decoration over a table of the same numbers). Then the caps applied, in words.
 */
export function PortfolioMix({ portfolio, brief }: { portfolio: Portfolio; brief: Brief }) {
  return (
    <section className="portfolio-mix card" aria-labelledby="mix-title">
      <h2 id="mix-title">The mix</h2>
      <div className="mix-grid">
        {dimensions.map(({ key, title, label }) => (
          <MixTable key={key} title={title} shares={portfolio.mix[key]} label={label} />
        ))}
      </div>
      <h3 id="caps-title">Caps applied</h3>
      <ul aria-labelledby="caps-title" className="caps-applied">
        {describeCaps(portfolio.caps, brief).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  )
}

function MixTable({ title, shares, label = (value) => value }: { title: string; shares: MixShare[]; label?: (value: string) => string }) {
  return (
    <table className="mix-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">Value</th>
          <th scope="col" className="numeric">
            Share
          </th>
          <th scope="col" className="numeric">
            Cost
          </th>
        </tr>
      </thead>
      <tbody>
        {shares.length === 0 ? (
          <tr>
            <td colSpan={3} className="muted">
              Nothing allocated
            </td>
          </tr>
        ) : (
          shares.map((share) => (
            <tr key={share.value}>
              <th scope="row">{label(share.value)}</th>
              <td className="numeric mix-share">
                <span className="mix-bar" aria-hidden="true">
                  <span style={{ width: `${Math.round(share.share * 100)}%` }} />
                </span>
                {formatPercent(share.share)}
              </td>
              <td className="numeric">{formatUsd(share.cost_usd)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
}
