/**
 * The value that would stand at `index` (from 0) were `values` sorted ascending, by quickselect in linear time:
 * a page's cut-off of 100,000 numbers needs no full sort. Reorders `values`.
 */
export function selectInPlace(values: Float64Array, index: number): number {
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
    if (index <= j) high = j
    else if (index >= i) low = i
    else return values[index]
  }
  return values[index]
}
