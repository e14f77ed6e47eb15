import { labelNames } from '../../../api/contract/vocabulary'
import { labelsOf } from '../vrod-normalise'

const knownLabels = new Set<string>(Object.values(labelNames))
/** Verra's issuance records write the CCP label without its "-Approved". */
const labelAliases: Record<string, string> = { 'ICVCM CCP': labelNames.ccp }

/**
 * The labels of a project's records that say what its credits are (CCP, CORSIA, Article 6, CCB, Social Carbon),
 * spelled as the vocabulary spells them; a record's other labels (`Buffer pool`, `Eligible: …`) say what the record is.
 */
export function knownLabelsOf(labels: readonly string[]): string[] {
  const found = new Set<string>()
  for (const label of labels) {
    for (const spelled of labelsOf(labelAliases[label.trim()] ?? label)) if (knownLabels.has(spelled)) found.add(spelled)
  }
  return [...found]
}
