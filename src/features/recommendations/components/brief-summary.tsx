import type { Brief } from '../../../api/contract/recommendations'
import { coBenefitLabel } from '../../../api/contract/vocabulary'
import { formatUsd } from '../../../lib/format'
import { approachLabels } from '../lib/approach-labels'

/** The brief the shortlist answers, as the buyer wrote it; an absent choice means any. */
export function BriefSummary({ brief, shortlistSize }: { brief: Brief; shortlistSize: number }) {
  const benefits = brief.co_benefits?.map(coBenefitLabel).join(', ')
  return (
    <section className="brief-summary card" aria-labelledby="brief-summary-title">
      <h2 id="brief-summary-title">The brief</h2>
      <dl className="facts">
        <Fact term="Project type" value={brief.type ?? 'Any'} />
        <Fact term="Region" value={brief.region ?? 'Any'} />
        <Fact term="Approach" value={brief.approach ? approachLabels[brief.approach] : 'Any'} />
        <Fact term="Budget" value={formatUsd(brief.budget_usd)} />
        <Fact term="Minimum vintage" value={brief.vintage_min ? String(brief.vintage_min) : 'Any'} />
        <Fact term="Co-benefits" value={benefits || 'None asked for'} />
        <Fact term="Shortlist size" value={`Up to ${shortlistSize} projects`} />
      </dl>
    </section>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  )
}
