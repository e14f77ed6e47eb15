import { lazy, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { Layout } from './layout'
import { appRoutes, notFoundRoute } from './route-table'

/**
 * Each route's module is loaded when it is visited, so the home route ships only what the brief needs.
 * The routes are declared as components rather than through a data router: none of them has a loader (React
 * Query fetches), and the declarative router is about half the code on the first load. The route table names each
 * module by its file under routes/, whose default export is the page, so the table itself stays free of React.
 */
const routeModules = import.meta.glob<{ default: ComponentType }>('./routes/*.tsx')
const page = (module: string) => lazy(routeModules[`./routes/${module}.tsx`])

const pages = Object.entries(appRoutes).map(([module, route]) => ({ path: route.path, Page: page(module) }))
const NotFoundPage = page(notFoundRoute.module)

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
