/**
 * A text's first `length` UTF-16 units, or the whole text when it is no longer: never half of a character written as
 * two units, which would be stored, or shown, as a replacement character.
 */
export function textHead(text: string, length: number): string {
  if (text.length <= length) return text
  const end = /[\uD800-\uDBFF]/.test(text[length - 1]) ? length - 1 : length
  return text.slice(0, end)
}
