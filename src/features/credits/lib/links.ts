/** Where the Credits view links to; the app's route table hands these in through the route module. */
export interface CreditsLinks {
  project: (key: string) => string
  sources: () => string
}
