/**
 * About how many bytes a value read from the store holds in memory, for a cache to count against its budget. It
 * errs high, never low: two bytes a character (V8 keeps Latin-1 text in one), a header for every object, array,
 * string and date, a slot for every property and element, and a property's name as if each object had its own.
 * An object met twice is counted once, so a cycle ends the walk rather than looping. Walking costs one step per
 * value, whatever the length of its strings.
 */
export function heldBytes(value: unknown): number {
  const seen = new Set<object>()
  const pending: unknown[] = [value]
  let bytes = 0
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      bytes += header + 2 * next.length
      continue
    }
    if (next === null || typeof next !== 'object') {
      bytes += slot
      continue
    }
    if (seen.has(next)) continue
    seen.add(next)
    if (next instanceof Date) bytes += header + slot
    else if (next instanceof ArrayBuffer) bytes += header + next.byteLength
    else if (ArrayBuffer.isView(next)) bytes += header + next.byteLength
    else if (next instanceof Map) {
      bytes += header + 2 * slot * next.size
      for (const [key, item] of next) pending.push(key, item)
    } else if (next instanceof Set) {
      bytes += header + slot * next.size
      for (const item of next) pending.push(item)
    } else if (Array.isArray(next)) {
      bytes += header + slot * next.length
      for (const item of next) pending.push(item)
    } else {
      bytes += header
      for (const [key, item] of Object.entries(next)) {
        bytes += slot + 2 * key.length
        pending.push(item)
      }
    }
  }
  return bytes
}

/** A heap object's header (map, properties, elements, length), rounded up. */
const header = 32
/** A property, an element or a number: a tagged pointer, or a boxed double's worth. */
const slot = 8
