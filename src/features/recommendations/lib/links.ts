/**
 * Where the shortlist links to. The app's route table owns the paths and hands them in, so the feature does not
 * reach into the app it is composed into.
 */
export interface ShortlistLinks {
  home: () => string
  recommendation: (id: string) => string
  project: (key: string) => string
  /** Projects side by side. */
  compare: (keys: readonly string[]) => string
  /** A shortlist compared with the one before it. */
  refinedRecommendation: (id: string, previousId: string) => string
}
