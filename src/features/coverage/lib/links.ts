/** Where the coverage view links to; the app's route table hands the paths in. */
export interface CoverageLinks {
  project: (key: string) => string
  sourceRun: (id: string) => string
  sources: () => string
}
