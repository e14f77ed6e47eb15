/** Where the Credits view links to; the app's route table hands these in through the route module. */
export interface CreditsLinks {
  project: (key: string) => string
  sources: () => string
  /** A beneficiary's page: what was retired for it, and the raw strings that name it. */
  beneficiary: (name: string) => string
}
