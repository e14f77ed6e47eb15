/**
 * The positions of the `count` largest values, largest first; ties keep their order (the rows' key order).
 * A page of 1,000 of 100,000 rows needs no full sort: the count-th largest value is selected in linear time,
 * then everything above it is sorted and the rows at it follow in order.
 */
export function stalestFirst(overdue: Float64Array, count: number): number[] {
  const byOverdue = (a: number, b: number) => overdue[b] - overdue[a] || a - b
  if (count >= overdue.length) return Array.from(overdue, (_, k) => k).sort(byOverdue)
  const threshold = kthLargest(overdue.slice(), count)
  const above: number[] = []
  const at: number[] = []
  for (let k = 0; k < overdue.length; k++) {
    if (overdue[k] > threshold) above.push(k)
    else if (overdue[k] === threshold && at.length < count) at.push(k)
  }
  return above.sort(byOverdue).concat(at).slice(0, count)
}

/** The k-th largest value (k from 1), by quickselect; reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  const target = values.length - k
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const pivot = values[(low + high) >>> 1]
    let i = low
    let j = high
    while (i <= j) {
      while (values[i] < pivot) i++
      while (values[j] > pivot) j--
      if (i <= j) {
        const swap = values[i]
        values[i] = values[j]
        values[j] = swap
        i++
        j--
      }
    }
    if (target <= j) high = j
    else if (target >= i) low = i
    else return values[target]
  }
  return values[target]
}
