import type { QualitySignalKey } from '../../api/contract/projects'
import { lowestFinding } from './evidence'

/**
 * What a signal counts as when no fact or finding supports it: the lowest value the rules give that signal
 * to any project. Not knowing is unknown risk, so a project we know less about never outranks one whose known
 * risk is worse than average. A test checks every rated value, generated and real, sits at or above these.
 */
export const unknownRiskValue: Readonly<Record<QualitySignalKey, number>> = {
  additionality: lowestFinding('additionality'),
  over_crediting: lowestFinding('over_crediting'),
  leakage: lowestFinding('leakage'),
  // Forest and land carbon with no buffer pool (rules.ts, permanence).
  permanence: 0.3,
  // No credits issued, more than three years after registration (rules.ts, mrv).
  mrv: 0.1,
  // No co-benefit label or SDG (rules.ts, coBenefits).
  co_benefits: 0.2,
  // Inactive on its registry, no Article 6 authorisation (rules.ts, governance).
  governance: 0.25,
  // No CCP label or CORSIA eligibility on the project's credits (rules.ts, labels).
  labels: 0.2,
}
