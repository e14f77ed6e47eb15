/** Every route of the app, in one place, so links and navigation cannot drift from the router. */
export const paths = {
  home: () => '/',
  recommendation: (id: string) => `/recommendations/${encodeURIComponent(id)}`,
  projects: () => '/projects',
  project: (idOrKey: string) => `/projects/${encodeURIComponent(idOrKey)}`,
  prices: () => '/prices',
  sources: () => '/sources',
  sourceRun: (id: string) => `/sources/runs/${encodeURIComponent(id)}`,
  coverage: () => '/coverage',
} as const
