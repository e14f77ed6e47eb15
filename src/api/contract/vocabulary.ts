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

// A module of their own, so the project's page, which reads which co-benefits its labels give, loads them without
// the brief's vocabulary.
export { labelNames } from './label-names'
