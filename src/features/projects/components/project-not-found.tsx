import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { creditQueries } from '../../../api/queries/credits'
import { EmptyState } from '../../../components/empty-state'
import { formatNumber } from '../../../lib/format'
import type { ProjectLinks } from '../lib/links'

/**
 * A key no project of the catalogue has. A registry's export may still hold records of it (a transaction of a
 * project neither Berkeley's file nor its projects file lists), and the Credits view links each record's key here:
 * the page says how many records name it and links to them, where it said only that no project has the key.
 */
export function ProjectNotFound({ idOrKey, backHref, links }: { idOrKey: string; backHref: string; links: ProjectLinks }) {
  const records = useQuery({ ...creditQueries.list({ project: idOrKey, per_page: 1 }), retry: false })
  const named = records.data?.total ?? 0
  const about = records.data?.total_estimated ? 'about ' : ''
  return (
    <EmptyState headingLevel="h1" title="Project not found" action={<Link to={backHref}>Browse all projects</Link>}>
      No project has the ID or registry key “{idOrKey}”. Check the link, or search for it among all projects.
      {named > 0 && (
        <>
          {' '}
          The registries’ records name it all the same:{' '}
          <Link to={links.projectCredits(idOrKey)}>
            {about}
            {formatNumber(named)} {named === 1 ? 'record' : 'records'} of {idOrKey}
          </Link>
          , as the registry wrote them.
        </>
      )}
    </EmptyState>
  )
}
