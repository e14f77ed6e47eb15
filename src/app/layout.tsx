import { useQuery } from '@tanstack/react-query'
import { Suspense, useLayoutEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { catalogueQueries } from '../api/queries/catalogue'
import { Skeleton } from '../components/skeleton'
import { documentTitle } from '../lib/use-document-title'
import { AppFrame } from './app-frame'
import { RouteErrorBoundary } from './route-error-boundary'
import { routeTitle } from './route-titles'
import { useScrollRestoration } from './use-scroll-restoration'

/** The shell around every page: the page's code loads behind a skeleton, and a page that fails is caught here. */
export function Layout() {
  const { pathname } = useLocation()
  useRouteTitle(pathname)
  useScrollRestoration()
  // The synthetic-data notice sits above the page: the page waits for the catalogue's first answer (or first
  // failure, so an outage never holds it) and the notice never pushes a drawn page down.
  const catalogue = useQuery(catalogueQueries.summary())
  // Once answered or failed it stays settled: a failed query with no data reads as pending again while a page's
  // own observer refetches it, and unmounting the page then would mount it again, and refetch, without end.
  const settled = !catalogue.isPending || catalogue.failureCount > 0 || catalogue.errorUpdatedAt > 0
  return (
    <AppFrame>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Skeleton lines={6} label="Loading the page…" />}>
          {settled && <Outlet />}
        </Suspense>
      </RouteErrorBoundary>
    </AppFrame>
  )
}

/**
 * Names the tab after the route. A layout effect runs before the page's own effects, so a page that
 * refines its title with `useDocumentTitle` has the last word.
 */
function useRouteTitle(pathname: string) {
  useLayoutEffect(() => {
    document.title = documentTitle(routeTitle(pathname))
  }, [pathname])
}
