/** Where the comparison links to; the app's route table hands these in through the route module. */
export interface CompareLinks {
  projects: () => string
  project: (key: string) => string
  compare: (keys: readonly string[]) => string
  ratingCitation: (citationId: string) => string
  /** Whether an address is a shortlist's, which a comparison opened from it leads back to. */
  isShortlist: (path: string) => boolean
}
