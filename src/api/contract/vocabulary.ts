import * as z from 'zod/mini'

/**
 * Co-benefits a brief can ask for. They map onto registry labels (CCB, Social Carbon) and the UN SDGs a
 * project lists; the facets endpoint tells how many projects carry each.
 */
export const coBenefitThemes = [
  'biodiversity',
  'community',
  'water',
  'health',
  'gender_equality',
  'energy_access',
  'climate_adaptation',
] as const
export const sdgCoBenefits = Array.from({ length: 17 }, (_, i) => `sdg_${i + 1}` as const)
export const coBenefitVocabulary = [...coBenefitThemes, ...sdgCoBenefits] as const
export const coBenefit = z.enum(coBenefitVocabulary)
export type CoBenefit = z.infer<typeof coBenefit>

const themeLabels: Record<(typeof coBenefitThemes)[number], string> = {
  biodiversity: 'Biodiversity',
  community: 'Community and livelihoods',
  water: 'Water',
  health: 'Health',
  gender_equality: 'Gender equality',
  energy_access: 'Clean energy access',
  climate_adaptation: 'Climate adaptation',
}

/** The UN's short titles of its 17 Sustainable Development Goals, by number: a buyer knows the goal, not its number. */
const sdgTitles = [
  'No Poverty',
  'Zero Hunger',
  'Good Health and Well-being',
  'Quality Education',
  'Gender Equality',
  'Clean Water and Sanitation',
  'Affordable and Clean Energy',
  'Decent Work and Economic Growth',
  'Industry, Innovation and Infrastructure',
  'Reduced Inequalities',
  'Sustainable Cities and Communities',
  'Responsible Consumption and Production',
  'Climate Action',
  'Life Below Water',
  'Life on Land',
  'Peace, Justice and Strong Institutions',
  'Partnerships for the Goals',
] as const

export function coBenefitLabel(value: string): string {
  if (value in themeLabels) return themeLabels[value as keyof typeof themeLabels]
  const sdg = /^sdg_(\d+)$/.exec(value)
  const title = sdg ? sdgTitles[Number(sdg[1]) - 1] : undefined
  return sdg ? `UN SDG ${sdg[1]}${title ? `: ${title}` : ''}` : value
}

/**
 * Co-benefits in a sentence, by their labels: with commas, or with semicolons where a goal's title holds a comma
 * ("UN SDG 9: Industry, Innovation and Infrastructure"), so each reads as one.
 */
export function coBenefitsInWords(values: readonly string[]): string {
  const labels = values.map(coBenefitLabel)
  return labels.join(labels.some((label) => label.includes(',')) ? '; ' : ', ')
}

/** Certification labels as registries write them; `CCP` and `CORSIA` are the ones buyers filter by. */
export const labelNames = {
  ccp: 'ICVCM CCP-Approved',
  ccbGold: 'CCB-Gold',
  ccbBiodiversity: 'CCB-Biodiversity Gold',
  ccbCommunity: 'CCB-Community Gold',
  ccbClimate: 'CCB-Climate Gold',
  socialCarbon: 'Social Carbon',
  corsiaPilot: 'CORSIA – Pilot Phase, 2021-2023 Eligible',
  corsiaFirst: 'CORSIA - First Phase, 2024-2026 Scope',
  article6: 'Article 6 Authorized – NDC Use',
} as const
