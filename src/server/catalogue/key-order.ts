import type { Catalogue } from './catalogue'

/** A key as a reader orders keys: the registry's letters, then the number as a number (VCS999 before VCS1000). */
export const keyOrder = (key: string) => key.toUpperCase().replace(/\d+/g, (digits) => digits.padStart(12, '0'))

interface KeyOrder {
  /** The rows in key order (`keyOrder`, then the key as written). */
  rows: Int32Array
  /** Each row's place in that order. */
  ranks: Int32Array
}

const orders = new WeakMap<Catalogue, KeyOrder>()

/**
 * A catalogue's rows in key order, worked out once per catalogue: the project list's `sort=key` and its ties under
 * every other sort, and the coverage map's rows. The catalogue itself holds them in the store's order of keys, code
 * unit by code unit (GS1000, GS1005, GS10312, GS1032).
 */
export function keyOrderOf(catalogue: Catalogue): KeyOrder {
  const known = orders.get(catalogue)
  if (known) return known
  const keys = catalogue.key
  const ordered = Array.from({ length: catalogue.size }, (_, row) => keyOrder(keys[row]))
  const rows = Int32Array.from(ordered, (_, i) => i).sort((a, b) =>
    ordered[a] !== ordered[b] ? (ordered[a] < ordered[b] ? -1 : 1) : keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0,
  )
  const ranks = new Int32Array(catalogue.size)
  rows.forEach((row, rank) => (ranks[row] = rank))
  const order = { rows, ranks }
  orders.set(catalogue, order)
  return order
}
