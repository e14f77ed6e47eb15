/**
 * Rows per statement: few enough that one statement takes tens of milliseconds on the embedded store, which
 * answers requests only between statements.
 */
export const rowsPerStatement = 500

/** Items in runs of `size`, in order, the last one shorter: what one statement carries. */
export function chunked<T>(items: readonly T[], size = rowsPerStatement): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
