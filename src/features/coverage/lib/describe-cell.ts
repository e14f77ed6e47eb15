import { formatAge } from '../../../lib/format'
import type { CellFacts } from './heatmap-model'

/** `every 24 hours`, `every 7 days`: the cadence a source is held to. */
export function formatCadence(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? 'daily' : `every ${hours / 24} days`
  return hours === 1 ? 'hourly' : `every ${hours} hours`
}

/** One cell in a sentence, as the tooltip shows it and a screen reader hears it. */
export function describeCell(facts: CellFacts): string {
  const project = `${facts.row.name} (${facts.row.key})`
  const source = facts.source.name
  if (!facts.applicable) return `${project}, ${source}: not applicable, this source covers only ${facts.source.registry} projects`
  if (facts.state === 'missing') return `${project}, ${source}: missing, never updated`
  const cadence = formatCadence(facts.source.cadence_hours)
  return `${project}, ${source}: ${facts.state}, updated ${formatAge(facts.ageHours)} (expected ${cadence})`
}
