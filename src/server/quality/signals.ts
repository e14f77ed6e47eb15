import type { QualitySignalKey } from '../../api/contract/projects'

export interface SignalDefinition {
  key: QualitySignalKey
  label: string
  /** Share of the composite; the weights of all signals sum to 1. */
  weight: number
  description: string
}

/**
 * The risk factors raters score, and how much each counts. Additionality and over-crediting weigh most
 * because they decide whether a credit stands for a tonne at all; the others adjust for how safely and how
 * well that tonne is delivered.
 */
export const signalDefinitions: readonly SignalDefinition[] = [
  {
    key: 'additionality',
    label: 'Additionality',
    weight: 0.22,
    description: 'Whether the activity would have happened without carbon revenue.',
  },
  {
    key: 'over_crediting',
    label: 'Over-crediting',
    weight: 0.22,
    description: 'Whether the baseline inflates the counterfactual, so more credits are issued than tonnes avoided or removed.',
  },
  {
    key: 'permanence',
    label: 'Permanence',
    weight: 0.14,
    description: 'Risk that stored carbon returns to the atmosphere, net of the buffer pool that insures against it.',
  },
  {
    key: 'leakage',
    label: 'Leakage',
    weight: 0.1,
    description: 'Whether the emitting activity simply moves elsewhere.',
  },
  {
    key: 'mrv',
    label: 'MRV',
    weight: 0.1,
    description: 'Quality of monitoring, reporting and verification, including time since the last verification.',
  },
  {
    key: 'governance',
    label: 'Governance',
    weight: 0.08,
    description: 'Registry status and protection against double counting, such as Article 6 corresponding adjustments.',
  },
  {
    key: 'co_benefits',
    label: 'Co-benefits & safeguards',
    weight: 0.07,
    description: 'Verified benefits beyond carbon (CCB labels, UN SDGs) and community safeguards.',
  },
  {
    key: 'labels',
    label: 'Labels',
    weight: 0.07,
    description: 'ICVCM Core Carbon Principles approval and CORSIA eligibility.',
  },
]

export const signalKeys: readonly QualitySignalKey[] = signalDefinitions.map((d) => d.key)

const byKey = new Map(signalDefinitions.map((d) => [d.key, d]))

export function signalDefinition(key: QualitySignalKey): SignalDefinition {
  return byKey.get(key)!
}

export function isSignalKey(key: string): key is QualitySignalKey {
  return byKey.has(key as QualitySignalKey)
}
