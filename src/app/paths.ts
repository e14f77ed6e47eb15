import { appRoutes } from './route-table'

/** A route's address with its one parameter filled in, encoded: `/projects/:id` and VCS934 → `/projects/VCS934`. */
const to = (path: `${string}${':' | '*'}${string}`, param: string) => path.replace(/:\w+|\*/, () => encodeURIComponent(param))

/** Every link of the app, built from the route table, so links and navigation cannot drift from the router. */
export const paths = {
  home: () => appRoutes.brief.path,
  recommendation: (id: string) => to(appRoutes.recommendation.path, id),
  /** The caller's kept shortlists, newest first. */
  shortlists: () => appRoutes.shortlists.path,
  projects: () => appRoutes.projects.path,
  projectsOfType: (type: string, registry?: string | null) => `${appRoutes.projects.path}?type=${encodeURIComponent(type)}${registry ? `&registry=${encodeURIComponent(registry)}` : ''}`,
  project: (idOrKey: string) => to(appRoutes.project.path, idOrKey),
  prices: () => appRoutes.prices.path,
  sources: () => appRoutes.sources.path,
  sourceRun: (id: string) => to(appRoutes['source-run'].path, id),
  coverage: () => appRoutes.coverage.path,
  credits: () => appRoutes.credits.path,
  projectCredits: (projectKey: string) => `${appRoutes.credits.path}?project=${encodeURIComponent(projectKey)}`,
  /** A beneficiary's page, by its name; a name may hold a slash ("King/Marais"), which the route's splat takes in. */
  beneficiary: (name: string) => to(appRoutes.beneficiary.path, name),
  /** The Credits view searching for a beneficiary's name and spellings. */
  creditsRetiredFor: (name: string) => `${appRoutes.credits.path}?beneficiary=${encodeURIComponent(name)}`,
  /** `/compare?keys=VCS934,GS337`: the commas stay readable in a shared link. */
  compare: (keys: readonly string[]) => `${appRoutes.compare.path}?keys=${keys.map(encodeURIComponent).join(',')}`,
  /** Whether an address of the app is a shortlist's: the way back a comparison opened from one offers. */
  isShortlist: (path: string) => path.startsWith(appRoutes.recommendation.path.replace(/:\w+$/, '')),
  /** A shortlist compared with the one before it. */
  refinedRecommendation: (id: string, previousId: string) => `${to(appRoutes.recommendation.path, id)}?vs=${encodeURIComponent(previousId)}`,
  ratingMethod: () => appRoutes['rating-method'].path,
  ratingCitation: (citationId: string) => `${appRoutes['rating-method'].path}#citation-${encodeURIComponent(citationId)}`,
} as const
