import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { shortlistReturn } from '../../../api/shortlist-return'
import { projectQueries } from '../../../api/queries/projects'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { isNotFoundError } from '../../../api/error-message'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { findCachedProject } from '../api/find-cached-project'
import { browserReturnSearch } from '../lib/browser-return'
import { ProjectCoverage } from './project-coverage'
import { ProjectCreditHistory } from './project-credit-history'
import { ProjectHeader } from './project-header'
import { ProjectNotFound } from './project-not-found'
import { ProjectPrice } from './project-price'
import { ProjectCreditFigures } from './project-credit-figures'
import { ProjectRecords } from './project-records'
import { QualityBreakdown } from './quality-breakdown'
import './project-page.css'
import type { ProjectLinks } from '../lib/links'

interface ProjectPageProps {
  /** The project's ID or registry key, as in the URL. */
  idOrKey: string
  browserHref: string
  links: ProjectLinks
}

export function ProjectPage({ idOrKey, browserHref, links }: ProjectPageProps) {
  const queryClient = useQueryClient()
  const state = useLocation().state
  // Opened from a shortlist, the way back is to it, as the comparison's is: "Back to projects" sent the buyer elsewhere.
  const fromShortlist = shortlistReturn(state, links.isShortlist)
  const backHref = fromShortlist ?? browserHref + browserReturnSearch(state)
  const detail = useQuery(projectQueries.detail(idOrKey))
  // Arriving from the browser, the row it showed is enough for the header while the full record loads.
  const [listed] = useState(() => findCachedProject(queryClient, idOrKey))
  const project = detail.data ?? listed
  // With its key: two listings of one project (ACR746 and CAR2057) share a name, and two tabs read alike.
  useDocumentTitle(project ? `${project.name} (${project.key})` : detail.isError ? 'Project not found' : 'Project')

  if (detail.isError && isNotFoundError(detail.error)) return <ProjectNotFound idOrKey={idOrKey} backHref={backHref} links={links} />

  return (
    <article className="project-page">
      <p className="back-link">
        <Link to={backHref}>{fromShortlist ? 'Back to the shortlist' : 'Back to projects'}</Link>
      </p>
      {project ? (
        <ProjectHeader project={project} detail={detail.data} projectHref={links.project} />
      ) : detail.isError ? (
        <>
          <h1>Project {idOrKey}</h1>
          <QueryError error={detail.error} what="the project" onRetry={() => void detail.refetch()} />
        </>
      ) : (
        <Skeleton lines={6} label="Loading the project…" />
      )}
      {project && (
        <div className="project-sections">
          {detail.data ? (
            <QualityBreakdown breakdown={detail.data.quality_breakdown} links={links} />
          ) : detail.isError ? (
            <QueryError error={detail.error} what="the quality breakdown" onRetry={() => void detail.refetch()} />
          ) : (
            <section className="card" aria-label="Quality">
              <Skeleton lines={8} label="Loading the quality breakdown…" />
            </section>
          )}
          <div className="project-aside">
            <ProjectPrice projectKey={project.key} remaining={project.credits.remaining} links={links} />
            <ProjectCoverage projectKey={project.key} />
          </div>
        </div>
      )}
      {project &&
        (detail.data ? (
          <ProjectCreditHistory history={detail.data.credit_history} figures={detail.data.credit_figures} synthetic={detail.data.synthetic} />
        ) : (
          !detail.isError && (
            <section className="card credit-history" aria-label="Credits per year">
              <Skeleton lines={6} label="Loading the credits per year…" />
            </section>
          )
        ))}
      {project && detail.data && <ProjectCreditFigures credits={detail.data.credit_figures} beneficiaryHref={links.beneficiary} recordsHref={links.projectCredits(project.key)} />}
      {project && <ProjectRecords projectKey={project.key} creditsHref={links.projectCredits} />}
    </article>
  )
}
