import type { Brief, MixShare, Portfolio } from '../../../api/contract/recommendations'
import { HorizontalBarChart } from '../../../components/charts/horizontal-bar-chart'
import { formatUsd } from '../../../lib/format'
import { percentsInWords } from '../lib/shares'
import { reductionRemovalName } from '../../../lib/reduction-removal'
import { describeCaps } from '../lib/portfolio-caps'
import { regionLabel } from '../../../api/value-labels'

const dimensions: { key: keyof Portfolio['mix']; title: string; categoryLabel: string; label?: (value: string) => string }[] = [
  { key: 'type', title: 'Money allocated by project type', categoryLabel: 'Project type' },
  { key: 'region', title: 'Money allocated by region', categoryLabel: 'Region', label: regionLabel },
  {
    key: 'reduction_removal',
    title: 'Money allocated to reductions and removals',
    categoryLabel: 'Reduction or removal',
    label: reductionRemovalName,
  },
]

/** `Wind 40%, Cookstoves 35%, Hydropower 25%`: the shares in words, under each chart, adding up to 100%. */
const sharesInWords = (shares: MixShare[], label: (value: string) => string) => {
  const percents = percentsInWords(shares.map((share) => share.share))
  return shares.map((share, i) => `${label(share.value)} ${percents[i]}`).join(', ')
}

/** How the money allocated is spread, one small chart per dimension with its shares in words, and the caps applied. */
export function PortfolioMix({ portfolio, brief }: { portfolio: Portfolio; brief: Brief }) {
  return (
    <section className="portfolio-mix card" aria-labelledby="mix-title">
      <h2 id="mix-title">The mix</h2>
      <div className="mix-grid">
        {dimensions.map(({ key, title, categoryLabel, label = (value: string) => value }) => (
          <HorizontalBarChart
            key={key}
            title={title}
            description={sharesInWords(portfolio.mix[key], label)}
            categoryLabel={categoryLabel}
            valueLabel="Cost (USD)"
            bars={portfolio.mix[key].map((share) => ({ label: label(share.value), value: share.cost_usd }))}
            formatValue={formatUsd}
            valueUnit="usd"
            emptyText="Nothing allocated."
          />
        ))}
      </div>
      <h3 id="caps-title">Caps applied</h3>
      <ul aria-labelledby="caps-title" className="caps-applied">
        {describeCaps(portfolio.caps, brief, portfolio.mix).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </section>
  )
}
