import type { RegistryCode } from '../../api/contract/common'
import type { ShortlistItem } from '../../api/contract/recommendations'
import { registryPageOf } from '../../api/project-labels'
import { date, formats, link, number, sheet, text, type Cell } from './cells'
import { coBenefitLabel, regionLabel } from '../../api/value-labels'

const header = [
  'Rank',
  'Key',
  'Name',
  'Registry',
  'Type',
  'Country',
  'Region',
  'Vintage',
  'Tonnes',
  'Price (USD/tCO2e)',
  'Basis',
  'Low (USD/tCO2e)',
  'High (USD/tCO2e)',
  'Quote supplier',
  'Quote valid until',
  'Cost (USD)',
  'Grade',
  'Score',
  'Co-benefits',
  'Why it is here',
  "Registry's page",
]
const widths = [6, 12, 40, 10, 28, 18, 24, 14, 12, 12, 10, 12, 12, 24, 14, 14, 7, 7, 30, 80, 48]

interface VintageRow {
  vintage: Cell
  tonnes: number
  cents: number
}

/**
 * What one item buys, a row per vintage. The item's cost (whole cents) is shared among its vintages at its one price,
 * the last taking what rounding leaves, so the rows add up to the item's cost and the shortlist's total to the cent.
 * A shortlist ranked before items listed vintages has one row, of the project's first vintage.
 */
function vintageRows(item: ShortlistItem): VintageRow[] {
  const itemCents = Math.round(item.allocation.cost_usd * 100)
  const first = item.project.vintage
  const vintages = item.allocation.vintages
  if (!vintages || vintages.length === 0) {
    return [{ vintage: first === null ? null : text(`first vintage ${first}`), tonnes: item.allocation.tonnes, cents: itemCents }]
  }
  let left = itemCents
  return vintages.map((bought, i) => {
    const cents = i === vintages.length - 1 ? left : Math.round(bought.tonnes * bought.price * 100)
    left -= cents
    const vintage = bought.vintage !== null ? number(bought.vintage, formats.year) : text(first !== null ? `${first} or later` : 'not known')
    return { vintage, tonnes: bought.tonnes, cents }
  })
}

/** The second sheet: one row per vintage bought, in rank order, with the price's basis and the registry's page. */
export function shortlistSheet(items: readonly ShortlistItem[]) {
  const rows = items.flatMap((item) => {
    const { project, spot_price: price } = item
    // The item's registry is one of the contract's codes, written as a plain string in the stored answer.
    const page = registryPageOf({ key: project.key, registry: project.registry as RegistryCode, synthetic: project.synthetic ?? false })
    return vintageRows(item).map((row): Cell[] => [
      number(item.rank, formats.count),
      text(project.key),
      text(project.name),
      text(project.registry),
      text(project.type),
      text(project.country),
      text(regionLabel(project.region)),
      row.vintage,
      number(row.tonnes, formats.tonnes),
      number(price.value, formats.usdPerTonne),
      // A shortlist stored before prices said what they were was priced by the simulated market's quotes.
      text(price.basis ?? 'quote'),
      number(price.low, formats.usdPerTonne),
      number(price.high, formats.usdPerTonne),
      text(price.quote?.supplier ?? (price.simulated ? 'simulated market' : null)),
      date(price.quote?.valid_until ?? null),
      number(row.cents / 100, formats.usd),
      text(project.quality_grade),
      number(item.score, formats.shortlistScore),
      // What the page says of the item beside its figures: a committee filing the pack read figures without reasons.
      text(project.co_benefits.map(coBenefitLabel).join('; ') || null),
      text(item.reasons.join(' ') || null),
      link(page),
    ])
  })
  return sheet(header, rows, widths)
}
