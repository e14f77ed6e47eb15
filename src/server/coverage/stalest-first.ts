import { selectInPlace } from './select-in-place'

/**
 * The positions of the `count` largest values, largest first; ties keep their order (the rows' key order).
 * A page of 1,000 of 100,000 rows needs no full sort: the count-th largest value is selected in linear time,
 * then everything above it is sorted and the rows at it follow in order.
 */
export function stalestFirst(overdue: Float64Array, count: number): number[] {
  const byOverdue = (a: number, b: number) => overdue[b] - overdue[a] || a - b
  if (count >= overdue.length) return Array.from(overdue, (_, k) => k).sort(byOverdue)
  // The count-th largest value stands at length - count in ascending order.
  const threshold = selectInPlace(overdue.slice(), overdue.length - count)
  const above: number[] = []
  const at: number[] = []
  for (let k = 0; k < overdue.length; k++) {
    if (overdue[k] > threshold) above.push(k)
    else if (overdue[k] === threshold && at.length < count) at.push(k)
  }
  return above.sort(byOverdue).concat(at).slice(0, count)
}
