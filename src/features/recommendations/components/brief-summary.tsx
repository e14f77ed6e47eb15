import { defaultShortlistSize, grownShortlistNote, type Brief } from '../../../api/contract/recommendations'
import { formatUsd } from '../../../lib/format'
import { approachLabels } from '../lib/approach-labels'
import { coBenefitsInWords, regionLabel } from '../../../api/value-labels'

/** A share of the budget as the form takes it: 0.35 → 35%. */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`

/** The brief the shortlist answers, as the buyer wrote it, every field it set; an absent choice means any. */
export function BriefSummary({ brief, shortlistSize }: { brief: Brief; shortlistSize: number }) {
  const benefits = brief.co_benefits && coBenefitsInWords(brief.co_benefits)
  return (
    <section className="brief-summary card" aria-labelledby="brief-summary-title">
      <h2 id="brief-summary-title">The brief</h2>
      <dl className="facts">
        <Fact term="Project type" value={brief.type ?? 'Any'} />
        <Fact term="Region" value={brief.region ? regionLabel(brief.region) : 'Any'} />
        <Fact term="Approach" value={brief.approach ? approachLabels[brief.approach] : 'Any'} />
        <Fact term="Budget" value={formatUsd(brief.budget_usd)} />
        <Fact term="Minimum vintage" value={brief.vintage_min ? String(brief.vintage_min) : 'Any'} />
        <Fact term="Co-benefits" value={benefits || 'None asked for'} />
        {brief.max_share_per_type !== undefined && <Fact term="Largest share per type" value={percent(brief.max_share_per_type)} />}
        {brief.max_share_per_country !== undefined && <Fact term="Largest share per country" value={percent(brief.max_share_per_country)} />}
        {brief.min_removal_share !== undefined && <Fact term="Smallest share of removals" value={percent(brief.min_removal_share)} />}
        <Fact term="Shortlist size" value={sizeText(brief, shortlistSize)} />
      </dl>
    </section>
  )
}

/**
 * The size the buyer set, or the default; a default shortlist that took more projects to spend the budget says so
 * here, where the buyer reads what they asked for, as well as beside each project it brought in.
 */
function sizeText(brief: Brief, shortlistSize: number): string {
  if (brief.shortlist_size !== undefined) return `Up to ${brief.shortlist_size} projects`
  const grown = grownShortlistNote(brief.shortlist_size, shortlistSize)
  return grown ? `${shortlistSize} projects: ${grown}` : `Up to ${defaultShortlistSize} projects (the default)`
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  )
}
