import { Link } from 'react-router-dom'
import { useDocumentTitle } from '../../../lib/use-document-title'
import type { SourcesLinks } from '../lib/links'
import { FollowedRun } from './followed-run'
import './sources.css'

/** One run on its own page, to share with a colleague; it follows the run live like the sources page does. */
export function SourceRunPage({ runId, links }: { runId: string; links: SourcesLinks }) {
  useDocumentTitle(`Run ${runId}`)
  return (
    <div className="source-run-page">
      <p>
        <Link to={links.sources()}>← All sources and runs</Link>
      </p>
      <FollowedRun runId={runId} links={links} headingLevel="h1" showLink={false} />
    </div>
  )
}
