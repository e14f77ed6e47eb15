import { useQuery } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { useKeptSelection } from '../../../lib/use-kept-selection'
import type { Recommendation } from '../../../api/contract/recommendations'
import { formatDateTime } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { BriefSummary } from './brief-summary'
import { RankingMethod } from './ranking-method'
import { ShortlistActions } from './shortlist-actions'
import { ShortlistTable } from './shortlist-table'
import { ShortlistTotals } from './shortlist-totals'
import { EmptyState } from '../../../components/empty-state'
import type { ShortlistLinks } from '../lib/links'
import { refineDiff } from '../lib/refine-diff'
import { PortfolioMix } from './portfolio-mix'
import { RefineComparison } from './refine-comparison'
import { ShortlistCompare } from './shortlist-compare'
import { anyEstimate } from '../../../api/price-basis'
import { catalogueQueries } from '../../../api/queries/catalogue'
import { DataAttribution } from '../../../components/data-attribution'
import { ShortlistAppendix } from './shortlist-appendix'
import { ShortlistNotes } from './shortlist-notes'

interface ShortlistReportProps {
  recommendation: Recommendation
  /** The shortlist this one refines, once loaded: each project is marked new or moved, and the dropped listed. */
  previous?: Recommendation
  /** Why the previous shortlist is not compared (yet), when it was asked for. */
  previousNotice?: ReactNode
  links: ShortlistLinks
}

/** A recommendation in full: the brief, the ranked projects and why, the totals, and how it was ranked. */
export function ShortlistReport({ recommendation, previous, previousNotice, links }: ShortlistReportProps) {
  const { items, brief, notes } = recommendation
  const diff = useMemo(() => (previous ? refineDiff(recommendation, previous) : undefined), [recommendation, previous])
  // The top three are ticked to begin with, so "Compare" works at once; the buyer changes the choice freely, and
  // finds it again after opening a project and coming back.
  const [selectedKeys, setSelectedKeys] = useKeptSelection(`compare:${recommendation.id}`, () => items.slice(0, 3).map((item) => item.project.key))
  const selection = useMemo(
    () => ({
      isSelected: (key: string) => selectedKeys.includes(key),
      toggleSelected: (key: string) =>
        setSelectedKeys((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key])),
      changeOf: diff ? (key: string) => diff.changes.get(key) : undefined,
    }),
    [selectedKeys, setSelectedKeys, diff],
  )
  const ofProjects = `${items.length} project${items.length === 1 ? '' : 's'}`
  // Named, a shortlist is titled by its name, as its pack is; "Shortlist" says what it is beside it.
  const name = recommendation.name ?? null
  useDocumentTitle(name === null ? `Shortlist of ${ofProjects}` : `${name}: shortlist of ${ofProjects}`)
  // Berkeley's licence asks for its credit wherever its data is shown: here, whenever a ranked project is real.
  const catalogue = useQuery(catalogueQueries.summary()).data
  const attribution = catalogue?.attribution && items.some((item) => !item.project.synthetic) ? catalogue.attribution : null
  return (
    <article className="shortlist">
      <header className="page-header">
        <div>
          <h1>
            {name ?? 'Shortlist'}{' '}
            {recommendation.simulated && <span className="badge badge-warning simulated-badge">Simulated</span>}
          </h1>
          <p className="muted">
            {name !== null && 'Shortlist · '}
            {items.length} ranked project{items.length === 1 ? '' : 's'} · made {formatDateTime(recommendation.created_at)} ·
            ID <code>{recommendation.id}</code>
          </p>
        </div>
      </header>
      {recommendation.simulated && (
        <p className="alert alert-warning">
          Simulated: this shortlist was computed on the sandbox's fixed dataset, and its prices are simulated market
          data. Use it to try Credence, not to buy.
        </p>
      )}
      <ShortlistActions recommendation={recommendation} links={links} attribution={attribution} comparedWithId={diff && previous?.id} />
      {previousNotice}
      {diff && previous && <RefineComparison links={links} diff={diff} previous={previous} current={recommendation} />}
      <div className="shortlist-summary">
        <BriefSummary brief={brief} shortlistSize={recommendation.shortlist_size} />
        <ShortlistTotals totals={recommendation.totals} estimated={anyEstimate(items.map((item) => item.spot_price))} />
      </div>
      {recommendation.portfolio && items.length > 0 && <PortfolioMix portfolio={recommendation.portfolio} brief={brief} />}
      {notes.length > 0 && <ShortlistNotes recommendation={recommendation} projectHref={links.project} />}
      <section className="shortlist-ranked" aria-labelledby="ranked-title">
        <h2 id="ranked-title">Ranked projects</h2>
        {items.length > 0 ? (
          <>
            {items.length >= 2 && <ShortlistCompare selectedKeys={selectedKeys} links={links} />}
            <ShortlistTable items={items} selection={{ ...selection, projectHref: links.project }} />
          </>
        ) : (
          <EmptyState title="No project fits this brief">
            {/* The notes name what this brief set that holds it back, and what would meet it: advice here would guess. */}
            <p>The notes above say which of the brief&apos;s own choices holds it back, and what would meet it.</p>
          </EmptyState>
        )}
      </section>
      <RankingMethod method={recommendation.method} candidatesConsidered={recommendation.candidates_considered} />
      {items.length > 0 && <ShortlistAppendix id={recommendation.id} />}
      {attribution && (
        <footer className="shortlist-footer">
          <DataAttribution attribution={attribution} />
        </footer>
      )}
    </article>
  )
}
