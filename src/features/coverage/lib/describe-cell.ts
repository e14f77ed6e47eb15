import { cadencePhrase, formatAge } from '../../../lib/format-age'
import type { CellFacts } from './heatmap-model'
import { facetValueLabel } from '../../../api/project-labels'
import { listInWords } from '../../../lib/list-in-words'

/** One cell in a sentence, as the tooltip shows it and a screen reader hears it. */
export function describeCell(facts: CellFacts): string {
  const project = `${facts.row.name} (${facts.row.key})`
  const source = facts.source.name
  if (!facts.applicable) return `${project}, ${source}: not applicable, this source covers only ${registryProjects(facts.source)}`
  if (facts.state === 'missing') return `${project}, ${source}: never updated`
  const cadence = cadencePhrase(facts.source.cadence_hours)
  const { shade } = facts
  return `${project}, ${source}: ${facts.state}${shade ? `, ${shade}` : ''}, updated ${formatAge(facts.ageHours)} (expected ${cadence})`
}

/**
 * The projects a registry's source covers, by the registry's name: "CCB projects" read as projects of the CCB label
 * (Climate, Community & Biodiversity) the app names elsewhere, not Cercarbono's. Berkeley's database covers five
 * registries' ("VCS, Gold Standard, … and ART TREES projects").
 */
export function registryProjects(source: { registry: string | null; registries?: readonly string[] | null }): string {
  const registries = source.registries ?? (source.registry ? [source.registry] : [])
  if (registries.length === 0) return 'some projects'
  const names = registries.map((registry) => facetValueLabel('registry', registry))
  return `${listInWords(names)} projects`
}
