import type { SpotPrice } from '../api/contract/prices'
import { estimateRange, priceBasisWords } from '../api/price-basis'
import { CellNote } from './cell-note'
import './price-basis-note.css'

/**
 * Beside a price: whether it is a quote or an estimate (with its range), in words, never a colour alone. The words
 * break where a narrow column needs them to, but for an estimate's range, which keeps whole ("$4.00–$12.00" never
 * parts at its dash): held on one line, a note kept a shortlist's price column at 163 px, which pushed the score off
 * the table's box at 1280 px and off the printed page.
 */
export function PriceBasisNote({ price }: { price: Pick<SpotPrice, 'basis' | 'low' | 'high' | 'simulated'> }) {
  const range = estimateRange(price)
  return (
    <CellNote className={`price-basis price-basis-${price.basis}`}>
      {range ? (
        <>
          estimate, <span className="price-range">{range}</span>
        </>
      ) : (
        priceBasisWords(price)
      )}
    </CellNote>
  )
}
