import { useLayoutEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom'
import { Skeleton } from '../components/skeleton'
import { documentTitle } from '../lib/use-document-title'
import { AppFrame } from './app-frame'
import { routeTitle } from './route-titles'

export function Layout() {
  const navigation = useNavigation()
  useRouteTitle()
  return (
    <AppFrame busy={navigation.state === 'loading'}>
      <Outlet />
      <ScrollRestoration />
    </AppFrame>
  )
}

/** Shown while the first route's code loads. */
export function ShellFallback() {
  return (
    <AppFrame busy>
      <Skeleton lines={6} label="Loading the page…" />
    </AppFrame>
  )
}

/**
 * Names the tab after the route. A layout effect runs before the page's own effects, so a page that
 * refines its title with `useDocumentTitle` has the last word.
 */
function useRouteTitle() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    document.title = documentTitle(routeTitle(pathname))
  }, [pathname])
}
