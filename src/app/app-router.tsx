import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom'
import { ShellFallback } from './layout'
import { routes } from './router'

/**
 * The routes of router.tsx with the shell shown while the first route module loads, so the first paint
 * is the header and a skeleton rather than a blank page.
 */
export const appRoutes: RouteObject[] = routes.map((route) => ({ ...route, HydrateFallback: ShellFallback }))

export const createAppRouter = () => createBrowserRouter(appRoutes)

/** For tests: the same routes at a given URL. */
export const createAppMemoryRouter = (initialEntries: string[]) => createMemoryRouter(appRoutes, { initialEntries })
