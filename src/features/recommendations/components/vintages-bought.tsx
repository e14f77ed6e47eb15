import type { ShortlistItem } from '../../../api/contract/recommendations'
import { CellNote } from '../../../components/cell-note'
import { formatNumber, missingValue } from '../../../lib/format'
import { vintageLines } from '../lib/vintages-bought'

/**
 * The vintages an item buys, one line each with its tonnes, as the CSV writes them ("2022: 3,925 t"); in a narrow
 * column the tonnes wrap under their vintage, and a line never starts with a separator ("· 3,925 t" did, printed).
 * An older shortlist's item, its first vintage.
 */
export function VintagesBought({ item }: { item: ShortlistItem }) {
  const lines = vintageLines(item)
  if (lines === null) {
    return item.project.vintage === null ? missingValue : <>{item.project.vintage}<CellNote>first vintage</CellNote></>
  }
  if (lines.length === 0) return missingValue
  return (
    <ul className="vintages-bought">
      {lines.map((line) => (
        <li key={line.label}>
          <span>{line.label}:</span> <span className="muted">{formatNumber(line.tonnes)} t</span>
        </li>
      ))}
    </ul>
  )
}
