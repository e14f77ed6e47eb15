/** Every route of the app, in one place, so links and navigation cannot drift from the router. */
export const paths = {
  home: () => '/',
  recommendation: (id: string) => `/recommendations/${encodeURIComponent(id)}`,
  /** The caller's kept shortlists, newest first. */
  shortlists: () => '/shortlists',
  projects: () => '/projects',
  project: (idOrKey: string) => `/projects/${encodeURIComponent(idOrKey)}`,
  prices: () => '/prices',
  sources: () => '/sources',
  sourceRun: (id: string) => `/sources/runs/${encodeURIComponent(id)}`,
  coverage: () => '/coverage',
  credits: () => '/credits',
  projectCredits: (projectKey: string) => `/credits?project=${encodeURIComponent(projectKey)}`,
  /** A beneficiary's page, by its name; a name may hold a slash ("King/Marais"), which the route's splat takes in. */
  beneficiary: (name: string) => `/beneficiaries/${encodeURIComponent(name)}`,
  /** The Credits view searching for a beneficiary's name and spellings. */
  creditsRetiredFor: (name: string) => `/credits?beneficiary=${encodeURIComponent(name)}`,
  /** `/compare?keys=VCS934,GS337`: the commas stay readable in a shared link. */
  compare: (keys: readonly string[]) => `/compare?keys=${keys.map(encodeURIComponent).join(',')}`,
  /** A shortlist compared with the one before it. */
  refinedRecommendation: (id: string, previousId: string) =>
    `/recommendations/${encodeURIComponent(id)}?vs=${encodeURIComponent(previousId)}`,
  ratingMethod: () => '/rating-method',
  ratingCitation: (citationId: string) => `/rating-method#citation-${encodeURIComponent(citationId)}`,
} as const
