/**
 * Where the project views link to. The app's route table owns the paths and hands them in through the route
 * module, so the feature does not reach into the app it is composed into.
 */
export interface ProjectLinks {
  projects: () => string
  project: (key: string) => string
  compare: (keys: readonly string[]) => string
  ratingMethod: () => string
  ratingCitation: (citationId: string) => string
  /** The Credits view filtered to one project's records. */
  projectCredits: (projectKey: string) => string
  /** A beneficiary's page, for the project's top retirers. */
  beneficiary: (name: string) => string
}
