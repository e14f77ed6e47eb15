import { coveringSources } from '../catalogue/freshness'
import type { ShortlistItem } from '../../api/contract/recommendations'
import type { QualityGrade, ReductionRemoval } from '../../api/contract/common'
import type { RankedItem } from '../ranking/ranked-shortlist'
import { toSpotPrice } from './spot-price'

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** One shortlist item as the contract shapes it: scores to three places, the quality score to one, money to cents. */
export function toShortlistItem(rank: number, { candidate, score, components, reasons, spend, vintages }: RankedItem): ShortlistItem {
  return {
    rank,
    score: round(score, 3),
    components: {
      quality: round(components.quality, 3),
      co_benefits: components.co_benefits === null ? null : round(components.co_benefits, 3),
      price_fit: round(components.price_fit, 3),
      freshness: round(components.freshness, 3),
    },
    reasons,
    project: {
      id: candidate.id,
      key: candidate.key,
      name: candidate.name,
      registry: candidate.registry,
      type: candidate.type,
      reduction_removal: candidate.reductionRemoval as ReductionRemoval,
      region: candidate.region,
      country: candidate.country,
      vintage: candidate.vintage,
      quality_score: candidate.qualityScore === null ? null : round(candidate.qualityScore, 1),
      quality_grade: candidate.qualityGrade as QualityGrade | null,
      co_benefits: candidate.coBenefits,
      credits_remaining: candidate.creditsRemaining,
      sources: coveringSources(candidate.cells),
      synthetic: candidate.synthetic,
    },
    spot_price: toSpotPrice(candidate.key, candidate.name, candidate.price, candidate.sells),
    allocation: { tonnes: spend.tonnes, cost_usd: spend.costCents / 100, vintages },
  }
}
