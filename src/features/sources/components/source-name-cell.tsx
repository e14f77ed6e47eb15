import { Link } from 'react-router-dom'
import type { Source } from '../../../api/contract/sources'
import { DataAttribution } from '../../../components/data-attribution'

/** A source's name with what is true of it on this machine (simulated, not connected), and its data's credit. */
export function SourceNameCell({ source, ratingMethodHref }: { source: Source; ratingMethodHref: string }) {
  return (
    <>
      <span className="catalog-name">
        {source.name}
        {source.simulated && <span className="badge state-badge state-badge-simulated">Simulated</span>}
        {!source.connected && <span className="badge state-badge state-badge-neutral">Not connected</span>}
      </span>
      <span className="catalog-description muted">
        {source.description}
        {/* The rating's rules are a page of their own: its description says so in words, and the way there is here. */}
        {source.kind === 'rating' && (
          <>
            {' '}
            <Link to={ratingMethodHref}>How the rating is formed</Link>
          </>
        )}
      </span>
      {source.attribution && <DataAttribution attribution={source.attribution} />}
    </>
  )
}
