import type { ShortlistItem } from '../../../api/contract/recommendations'
import { formatNumber } from '../../../lib/format'

/** One line per vintage an item buys, in the order bought: "2020: 1,200 t". */
export interface VintageLine {
  label: string
  tonnes: number
}

/**
 * What an item buys, vintage by vintage. Credits no source counts by vintage are "of {first vintage} or later";
 * a shortlist ranked before items listed their vintages says only the project's first vintage.
 */
export function vintageLines(item: ShortlistItem): VintageLine[] | null {
  const { vintages } = item.allocation
  if (!vintages) return null
  const first = item.project.vintage
  return vintages.map((v) => ({ label: v.vintage !== null ? String(v.vintage) : first !== null ? `${first} or later` : 'vintage not known', tonnes: v.tonnes }))
}

/** The vintages bought in one line of text, for a CSV cell or a short summary. */
export function vintagesText(item: ShortlistItem): string {
  const lines = vintageLines(item)
  if (lines === null) return item.project.vintage === null ? '' : `first vintage ${item.project.vintage}`
  return lines.map((line) => `${line.label}: ${formatNumber(line.tonnes)} t`).join('; ')
}
