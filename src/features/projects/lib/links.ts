/**
 * Where the project views link to. The app's route table owns the paths and hands them in through the route
 * module, so the feature does not reach into the app it is composed into.
 */
export interface ProjectLinks {
  projects: () => string
  project: (key: string) => string
  /** Whether an address is a shortlist's: the way back a project's page opened from one offers. */
  isShortlist: (path: string) => boolean
  compare: (keys: readonly string[]) => string
  ratingMethod: () => string
  ratingCitation: (citationId: string) => string
  /** The Credits view filtered to one project's records. */
  projectCredits: (projectKey: string) => string
  /** A beneficiary's page, for the project's top retirers. */
  beneficiary: (name: string) => string
}
