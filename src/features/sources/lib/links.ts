/**
 * Where the sources views link to. The app's route table owns the paths and hands them in, so the feature
 * does not reach into the app it is composed into.
 */
export interface SourcesLinks {
  sources: () => string
  sourceRun: (id: string) => string
  project: (key: string) => string
  /** The project browser filtered to one type, of one registry where given: where a run's unmapped listings are listed. */
  projectsOfType: (type: string, registry?: string | null) => string
  /** How the open rating is formed: linked beside the rating source in the catalog. */
  ratingMethod: () => string
}
