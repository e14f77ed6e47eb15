import type { SpotPrice } from '../api/contract/prices'
import { priceBasisWords } from '../api/price-basis'
import { CellNote } from './cell-note'
import './price-basis-note.css'

/** Beside a price: whether it is a quote or an estimate (with its range), in words, never a colour alone. */
export function PriceBasisNote({ price }: { price: Pick<SpotPrice, 'basis' | 'low' | 'high' | 'simulated'> }) {
  return <CellNote className={`price-basis price-basis-${price.basis}`}>{priceBasisWords(price)}</CellNote>
}
