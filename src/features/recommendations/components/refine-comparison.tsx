import { Link } from 'react-router-dom'
import type { Recommendation } from '../../../api/contract/recommendations'
import type { ShortlistLinks } from '../lib/links'
import { formatNumber, formatUsd } from '../../../lib/format'
import type { RefineDiff } from '../lib/refine-diff'

const briefFieldNames: Record<string, string> = {
  type: 'project type',
  region: 'region',
  budget_usd: 'budget',
  vintage_min: 'minimum vintage',
  co_benefits: 'co-benefits',
  shortlist_size: 'shortlist size',
  max_share_per_type: 'largest share per type',
  max_share_per_country: 'largest share per country',
  min_removal_share: 'smallest share of removals',
}

/** `+12`, `−3`, `no change`: a change with its sign in words' place. */
function signed(delta: number, format: (value: number) => string): string {
  if (delta === 0) return 'no change'
  return `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}`
}

interface RefineComparisonProps {
  diff: RefineDiff
  previous: Recommendation
  current: Recommendation
  links: ShortlistLinks
}

/** What refining the brief changed: the brief, the totals, and which projects came, went or moved. */
export function RefineComparison({ diff, previous, current, links }: RefineComparisonProps) {
  const changes = [...diff.changes.values()]
  const added = changes.filter((change) => change.kind === 'new').length
  const moved = changes.filter((change) => change.kind === 'up' || change.kind === 'down').length
  return (
    <section className="refine-comparison card" aria-labelledby="refine-title">
      <h2 id="refine-title">Compared with the previous shortlist</h2>
      <p>
        Against <Link to={links.recommendation(previous.id)}>the shortlist before</Link> (<code>{previous.id}</code>):{' '}
        {added} new, {diff.dropped.length} dropped, {moved} moved.
        {diff.briefChanges.length > 0
          ? ` The brief changed its ${diff.briefChanges.map((key) => briefFieldNames[key] ?? key).join(', ')}.`
          : ' The brief is the same.'}
        {/* A shortlist keeps the method that ranked it: a move may be the method's, not the brief's. */}
        {previous.method.version !== current.method.version &&
          ` The ranking method changed between them too: ${previous.method.version} then, ${current.method.version} now.`}
      </p>
      <dl className="facts">
        <div className="fact">
          <dt>Allocated</dt>
          <dd>
            {formatUsd(current.totals.allocated_usd)} <span className="muted">({signed(diff.totals.allocatedUsd, formatUsd)})</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Tonnes</dt>
          <dd>
            {formatNumber(current.totals.tonnes)} tCO2e <span className="muted">({signed(diff.totals.tonnes, formatNumber)})</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Projects</dt>
          <dd>
            {current.items.length} <span className="muted">({signed(diff.totals.projects, formatNumber)})</span>
          </dd>
        </div>
      </dl>
      {diff.dropped.length > 0 && (
        <>
          <h3 id="dropped-title">Dropped</h3>
          <ul aria-labelledby="dropped-title" className="dropped-projects">
            {diff.dropped.map((item) => (
              <li key={item.project.key}>
                <span className="change-mark change-dropped">dropped</span>{' '}
                <Link to={links.project(item.project.key)}>{item.project.name}</Link>{' '}
                <span className="muted">
                  {item.project.key}, was ranked {item.rank} with {formatUsd(item.allocation.cost_usd)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
