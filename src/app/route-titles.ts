import { matchPath } from 'react-router-dom'
import { appRoutes, notFoundRoute } from './route-table'

/** The route's title, so the tab is named before a page refines it (e.g. with a project's name). */
export function routeTitle(pathname: string): string {
  return Object.values(appRoutes).find((route) => matchPath(route.path, pathname))?.title ?? notFoundRoute.title
}
