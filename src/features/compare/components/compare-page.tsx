import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router-dom'
import { catalogueQueries } from '../../../api/queries/catalogue'
import { DataAttribution } from '../../../components/data-attribution'
import { QueryError } from '../../../components/query-error'
import { isNotFoundError } from '../../../api/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useComparedProjects } from '../api/use-compared-projects'
import { minCompared, parseComparedKeys } from '../../../api/compare-keys'
import type { ComparedProject } from '../lib/compare-rows'
import type { CompareLinks } from '../lib/links'
import { shortlistReturn } from '../../../api/shortlist-return'
import { AddComparedKey } from './add-compared-key'
import { CompareTable } from './compare-table'
import './compare.css'

/**
 * Two to six projects side by side, named by the URL alone (`/compare?keys=VCS934,GS337`), so the link is
 * the comparison. What is wrong with the list is said in words; the projects that are fine are compared.
 */
export function ComparePage({ rawKeys, links }: { rawKeys: string | null; links: CompareLinks }) {
  const { keys, problems } = parseComparedKeys(rawKeys)
  // Opened from a shortlist, the way back is to it: "Back to projects" alone sent the buyer elsewhere.
  const fromShortlist = shortlistReturn(useLocation().state, links.isShortlist)
  const compared = useComparedProjects(keys)
  const unknown = compared.filter((entry) => entry.detail.isError && isNotFoundError(entry.detail.error)).map((entry) => entry.key)
  // The projects compared, not a key no project has, which the page names as left out.
  useDocumentTitle(`Compare ${keys.filter((key) => !unknown.includes(key)).join(', ') || 'projects'}`)
  const failed = compared.filter((entry) => entry.detail.isError && !isNotFoundError(entry.detail.error))
  const loading = compared.filter((entry) => entry.detail.isPending).map((entry) => entry.key)
  const loaded: ComparedProject[] = compared.flatMap((entry) =>
    entry.detail.data ? [{ project: entry.detail.data, price: entry.price.isError ? null : entry.price.data }] : [],
  )
  // Berkeley's licence asks for its credit wherever its data is shown: here, whenever a compared project is real.
  const catalogue = useQuery(catalogueQueries.summary()).data
  const attribution = catalogue?.attribution && loaded.some(({ project }) => !project.synthetic) ? catalogue.attribution : null
  const allProblems = [
    ...problems,
    ...unknown.map((key) => `No project has the key ${key}; it is left out.`),
  ]
  if (keys.length >= minCompared && unknown.length > 0 && keys.length - unknown.length < minCompared) {
    allProblems.push(`Fewer than ${minCompared} of the named projects exist: add another key to compare.`)
  }

  return (
    <article className="compare-page">
      <p className="back-link">
        {fromShortlist ? <Link to={fromShortlist}>Back to the shortlist</Link> : <Link to={links.projects()}>Back to projects</Link>}
      </p>
      <h1>Compare projects</h1>
      <p className="lede">
        Side by side: what each project is, how its quality was rated, what it costs and what it has issued. Rows
        where the projects differ are marked, and the best value of a row is marked “best”.
      </p>
      {allProblems.length > 0 && (
        <section className="alert alert-warning" aria-labelledby="compare-problems-title">
          <h2 id="compare-problems-title" className="alert-title">
            About this list of projects
          </h2>
          <ul>
            {allProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}
      {failed.map((entry) => (
        <QueryError key={entry.key} error={entry.detail.error} what={`project ${entry.key}`} onRetry={() => void entry.detail.refetch()} />
      ))}
      <p role="status" className="muted">
        {loading.length > 0 ? `Loading ${loading.join(', ')}…` : ''}
      </p>
      <AddComparedKey keys={keys} compare={links.compare} />
      {loaded.length > 0 && <CompareTable projects={loaded} keys={keys} links={links} back={fromShortlist ? { fromShortlist } : undefined} />}
      {attribution && <DataAttribution attribution={attribution} />}
    </article>
  )
}
