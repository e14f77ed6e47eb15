import { labelNames } from '../../api/contract/vocabulary'
import { priceBandFor } from './bands'
import { preParisBefore } from '../../api/pre-paris'

/** What a pre-Paris vintage is estimated at, as a share of its type's prices. */
export const preParisFactor = 0.75
/** The quality premium a CCP-approved credit carries (MSCI, Q1 2025): about $3.7 market-wide, $8 for reforestation. */
export const ccpPremiumUsd = 3.7
export const ccpPremiumReforestationUsd = 8

/** A project trades credits once it has issued some and while it is registered or completed. */
export const isTradable = (project: { status: string; issued: number }) =>
  project.issued > 0 && (project.status === 'registered' || project.status === 'completed')

export interface PriceEstimate {
  value: number
  low: number
  high: number
}

export interface EstimatedProject {
  type: string
  vintage?: number | null
  labels: readonly string[]
}

const cents = (usd: number) => Math.round(usd * 100) / 100

/**
 * An open reference estimate, not a market price: the type's published band (its typical trade as the value,
 * its ends as the range), lowered for a pre-Paris vintage and raised by the CCP premium. Deterministic: the same
 * project always gets the same estimate, and the method behind it is served with the rating method.
 */
export function estimatePrice(project: EstimatedProject): PriceEstimate {
  const band = priceBandFor(project.type)
  const factor = project.vintage != null && project.vintage < preParisBefore ? preParisFactor : 1
  const premium = project.labels.includes(labelNames.ccp) ? (project.type === 'Afforestation/Reforestation' ? ccpPremiumReforestationUsd : ccpPremiumUsd) : 0
  return {
    value: cents(band.typical * factor + premium),
    low: cents(band.min * factor + premium),
    high: cents(band.max * factor + premium),
  }
}
