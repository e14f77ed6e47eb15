import type { CoBenefit } from './contract/vocabulary'
import { labelNames } from './contract/label-names'
import { lookup } from '../lib/lookup'

/**
 * A project's co-benefits, read off what registries publish: CCB and Social Carbon labels, the UN SDGs it
 * lists, and what its type delivers by its nature (a cookstove improves health and energy access). Here, beside the
 * contract, since the API derives them and the app says which of them a project lists itself.
 */
const byType: Record<string, CoBenefit[]> = {
  Cookstoves: ['health', 'energy_access', 'gender_equality'],
  'Clean Water': ['water', 'health'],
  'Community Boreholes': ['water', 'community'],
  Biodigesters: ['energy_access', 'health'],
  'Afforestation/Reforestation': ['biodiversity'],
  'REDD+': ['biodiversity', 'community'],
  'Jurisdictional REDD+': ['biodiversity'],
  'Wetland Restoration': ['biodiversity', 'climate_adaptation'],
  'Sustainable Agriculture': ['community', 'climate_adaptation'],
  'Solar - Distributed': ['energy_access'],
  Lighting: ['energy_access'],
}

/**
 * The goals that are a co-benefit's theme. Not 13 (Climate Action): acting on climate change is what every credit
 * claims, and wind farms and ship retrofits list it; it is no sign of adaptation. A brief may still ask for the goal.
 */
const sdgThemes: Partial<Record<number, CoBenefit>> = {
  3: 'health',
  5: 'gender_equality',
  6: 'water',
  7: 'energy_access',
  15: 'biodiversity',
}

/** The co-benefits a project of this type delivers by its nature, whatever it lists: none for most types. */
export const coBenefitsOfType = (type: string): readonly CoBenefit[] => lookup(byType, type) ?? []

export function deriveCoBenefits(project: { type: string; labels: readonly string[]; sdgs: readonly number[] }): CoBenefit[] {
  return [...new Set([...coBenefitsOfType(project.type), ...listedCoBenefits(project)])].sort()
}

/** The co-benefits a project lists itself, by its labels and the UN SDGs it gives, whatever its type delivers. */
export function listedCoBenefits(project: { labels: readonly string[]; sdgs: readonly number[] }): CoBenefit[] {
  const found = new Set<CoBenefit>()
  const labels = new Set(project.labels)
  if (labels.has(labelNames.ccbBiodiversity)) found.add('biodiversity')
  if (labels.has(labelNames.ccbCommunity) || labels.has(labelNames.socialCarbon)) found.add('community')
  if (labels.has(labelNames.ccbClimate)) found.add('climate_adaptation')
  if (labels.has(labelNames.ccbGold)) {
    found.add('biodiversity')
    found.add('community')
  }
  for (const sdg of project.sdgs) {
    if (sdg < 1 || sdg > 17) continue
    found.add(`sdg_${sdg}` as CoBenefit)
    const theme = sdgThemes[sdg]
    if (theme) found.add(theme)
  }
  return [...found].sort()
}
