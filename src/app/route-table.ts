/**
 * Every page of the app, keyed by its module under src/app/routes/ (whose default export is the page, loaded when
 * the page is visited): the path the router matches, with at most one parameter (`:name` or a closing `*`), and the
 * tab's title until the page refines it (e.g. with a project's name). The router, the titles, the links (paths.ts)
 * and the preview's preloads (route-reads.ts, proxy/route-preloads.ts) all read it, so a page is added, moved or
 * renamed here alone. It imports nothing: the preview server reads it in Node, and every page's first load carries it.
 */
export const appRoutes = {
  brief: { path: '/', title: 'Recommend' },
  recommendation: { path: '/recommendations/:id', title: 'Shortlist' },
  shortlists: { path: '/shortlists', title: 'Shortlists' },
  projects: { path: '/projects', title: 'Projects' },
  project: { path: '/projects/:id', title: 'Project' },
  prices: { path: '/prices', title: 'Prices' },
  sources: { path: '/sources', title: 'Sources' },
  'source-run': { path: '/sources/runs/:id', title: 'Source run' },
  coverage: { path: '/coverage', title: 'Coverage' },
  credits: { path: '/credits', title: 'Credits' },
  // A name may hold a slash ("King/Marais"), which the splat takes in.
  beneficiary: { path: '/beneficiaries/*', title: 'Beneficiary' },
  compare: { path: '/compare', title: 'Compare projects' },
  'rating-method': { path: '/rating-method', title: 'Rating method' },
} as const satisfies Record<string, { path: string; title: string }>

export type RouteModule = keyof typeof appRoutes

/** Any address no route matches. */
export const notFoundRoute = { module: 'not-found', title: 'Page not found' } as const

/** A route module's source file, as the build's manifest names it: `source-run` → `src/app/routes/source-run.tsx`. */
export const routeModuleSource = (module: string) => `src/app/routes/${module}.tsx`
