import { Link } from 'react-router-dom'
import { isNotFoundError } from '../../../api/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useFollowedSourceRun } from '../api/use-followed-source-run'
import type { SourcesLinks } from '../lib/links'
import { FollowedRun } from './followed-run'
import './sources.css'

/** One run on its own page, to share with a colleague; it follows the run live like the sources page does. */
export function SourceRunPage({ runId, links }: { runId: string; links: SourcesLinks }) {
  // The same query the run below follows (one cache): a run the key cannot see names its tab so.
  const run = useFollowedSourceRun(runId)
  useDocumentTitle(isNotFoundError(run.error) ? 'Run not found' : `Run ${runId}`)
  return (
    <div className="source-run-page">
      <p>
        <Link to={links.sources()}>← All sources and runs</Link>
      </p>
      <FollowedRun runId={runId} links={links} headingLevel="h1" showLink={false} />
    </div>
  )
}
