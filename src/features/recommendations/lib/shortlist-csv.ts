import type { Recommendation } from '../../../api/contract/recommendations'
import { toCsv } from '../../../lib/csv'
import { lineCredit } from '../../../api/line-credit'
import { vintagesText } from './vintages-bought'
import { shortlistFileName } from '../../../lib/shortlist-file-name'

const header = [
  'Rank',
  'Project key',
  'Project name',
  'Synthetic',
  'Registry',
  'Type',
  'Region',
  'Country',
  'Vintages bought (tonnes)',
  'Quality grade',
  // Each score names its scale: the screen shows the shortlist's score as a percent, the CSV the API's fraction, and
  // a quality score beside it counts to 100 ("0.635" beside "59.3" read as one scale).
  'Quality score (0 to 100)',
  'Spot price (USD/tCO2e)',
  'Price basis',
  'Estimate low (USD/tCO2e)',
  'Estimate high (USD/tCO2e)',
  'Price as of',
  'Price source',
  'Price simulated',
  'Suggested tonnes',
  'Cost (USD; estimated where the price is an estimate)',
  'Score (0 to 1)',
  'Quality component (0 to 1)',
  'Co-benefit match component (0 to 1)',
  'Price fit component (0 to 1)',
  'Freshness component (0 to 1)',
  'Reasons',
  'Data attribution',
]

/**
 * The shortlist as a spreadsheet-safe CSV, one row per ranked project, in rank order. A row of Berkeley's data
 * carries its credit (its licence asks for it wherever its data goes: `lineCredit`), so it stays with the row
 * through any sorting or copying; a generated project's row, or one only a registry lists, has none to carry.
 */
export function shortlistCsv(recommendation: Recommendation, attribution: string | null = null): string {
  const rows = recommendation.items.map((item) => [
    item.rank,
    item.project.key,
    item.project.name,
    // A generated project stays marked wherever the spreadsheet goes.
    item.project.synthetic ? 'yes' : 'no',
    item.project.registry,
    item.project.type,
    item.project.region,
    item.project.country,
    vintagesText(item),
    item.project.quality_grade,
    item.project.quality_score,
    item.spot_price.value,
    // A shortlist stored before prices said what they were was priced by the simulated market.
    item.spot_price.basis ?? 'quote',
    item.spot_price.low ?? null,
    item.spot_price.high ?? null,
    item.spot_price.as_of,
    item.spot_price.source,
    item.spot_price.simulated ? 'yes' : 'no',
    item.allocation.tonnes,
    item.allocation.cost_usd,
    item.score,
    item.components.quality,
    item.components.co_benefits,
    item.components.price_fit,
    item.components.freshness,
    // Each reason is a sentence with its stop: joined by a space, not "(59.3 of 100).; Delivers".
    item.reasons.join(' '),
    lineCredit(item.project, attribution),
  ])
  return toCsv(header, rows)
}

export const shortlistCsvFilename = (recommendation: Recommendation) => shortlistFileName(recommendation, 'csv')
