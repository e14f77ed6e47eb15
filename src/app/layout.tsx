import { Suspense, useLayoutEffect } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
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
  return (
    <AppFrame>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Skeleton lines={6} label="Loading the page…" />}>
          <Outlet />
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
