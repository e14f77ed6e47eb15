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

export function coBenefitLabel(value: string): string {
  if (value in themeLabels) return themeLabels[value as keyof typeof themeLabels]
  const sdg = /^sdg_(\d+)$/.exec(value)
  return sdg ? `UN SDG ${sdg[1]}` : value
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
