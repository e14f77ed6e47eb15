/** Where a beneficiary's page links to; the app's route table hands these in through the route module. */
export interface BeneficiaryLinks {
  project: (key: string) => string
  beneficiary: (name: string) => string
  /** The Credits view, searching for a name. */
  creditsRetiredFor: (name: string) => string
  credits: () => string
}
