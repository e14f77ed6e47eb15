import { cadencePhrase, formatAge } from '../../../lib/format'
import type { CellFacts } from './heatmap-model'

/** One cell in a sentence, as the tooltip shows it and a screen reader hears it. */
export function describeCell(facts: CellFacts): string {
  const project = `${facts.row.name} (${facts.row.key})`
  const source = facts.source.name
  if (!facts.applicable) return `${project}, ${source}: not applicable, this source covers only ${facts.source.registry} projects`
  if (facts.state === 'missing') return `${project}, ${source}: never updated`
  const cadence = cadencePhrase(facts.source.cadence_hours)
  return `${project}, ${source}: ${facts.state}, updated ${formatAge(facts.ageHours)} (expected ${cadence})`
}
