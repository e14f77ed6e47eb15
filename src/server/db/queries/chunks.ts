/**
 * Rows per statement: few enough that one statement takes tens of milliseconds on the embedded store, which
 * answers requests only between statements.
 */
export const rowsPerStatement = 500

/**
 * Characters per statement, whatever its rows: the embedded store's memory grows to the largest statement it was
 * given and never shrinks, and forty records whose beneficiary was a million characters, in one statement, left it
 * 930 MiB large for good (docs/memory-bounds.md). Rows of ordinary size never come near it.
 */
export const charsPerStatement = 8 * 1024 * 1024

/** Items in runs of `size`, in order, the last one shorter: what one statement carries. */
export function chunked<T>(items: readonly T[], size = rowsPerStatement): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Items in chunks of at most `size`, fewer where their `chars` pass `charsPerStatement`. */
export function chunkedByChars<T>(items: readonly T[], chars: (item: T) => number, size = rowsPerStatement): T[][] {
  const out: T[][] = []
  let held = 0
  for (const item of items) {
    const last = out.at(-1)
    const n = chars(item)
    if (last && last.length < size && held + n <= charsPerStatement) {
      last.push(item)
      held += n
    } else {
      out.push([item])
      held = n
    }
  }
  return out
}
