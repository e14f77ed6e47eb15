/** Items as a sentence lists them: "a", "a or b", "a, b and c" (no comma before the last, as the app writes). */
export function listInWords(items: readonly string[], joiner: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`
}
