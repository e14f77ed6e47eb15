import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { Layout } from './layout'
import { RouteError } from './route-error'

/** Each route's module is loaded when it is visited, so the home route ships only what the brief needs. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./routes/brief').then((m) => ({ Component: m.BriefRoute })) },
      {
        path: 'recommendations/:id',
        lazy: () => import('./routes/recommendation').then((m) => ({ Component: m.RecommendationRoute })),
      },
      { path: 'projects', lazy: () => import('./routes/projects').then((m) => ({ Component: m.ProjectsRoute })) },
      { path: 'projects/:id', lazy: () => import('./routes/project').then((m) => ({ Component: m.ProjectRoute })) },
      { path: 'prices', lazy: () => import('./routes/prices').then((m) => ({ Component: m.PricesRoute })) },
      { path: 'sources', lazy: () => import('./routes/sources').then((m) => ({ Component: m.SourcesRoute })) },
      {
        path: 'sources/runs/:id',
        lazy: () => import('./routes/source-run').then((m) => ({ Component: m.SourceRunRoute })),
      },
      { path: 'coverage', lazy: () => import('./routes/coverage').then((m) => ({ Component: m.CoverageRoute })) },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
