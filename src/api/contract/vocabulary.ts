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
