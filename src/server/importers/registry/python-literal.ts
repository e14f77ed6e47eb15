/**
 * Reads a Python literal, as Cercarbono's exports write their nested fields (`[{'serial': 'CDC_1_…', 'is_buffer':
 * False, 'global_goals': []}]`): strings in either quote with backslash escapes, numbers, `True`, `False`, `None`,
 * lists, tuples and dicts. Undefined where the text is not one such literal, whole.
 */
export function pythonLiteral(text: string): unknown {
  let at = 0
  const space = () => {
    while (at < text.length && /\s/.test(text[at])) at++
  }
  const fail = (): never => {
    throw new SyntaxError(`not a Python literal at ${at}`)
  }
  const expect = (char: string) => {
    space()
    if (text[at] !== char) fail()
    at++
  }
  const sequence = (close: string, item: () => void) => {
    space()
    while (text[at] !== close) {
      item()
      space()
      if (text[at] === ',') at++
      else if (text[at] !== close) fail()
      space()
    }
    at++
  }
  const value = (): unknown => {
    space()
    const char = text[at]
    if (char === '[' || char === '(') {
      at++
      const list: unknown[] = []
      sequence(char === '[' ? ']' : ')', () => list.push(value()))
      return list
    }
    if (char === '{') {
      at++
      // No prototype: a key `__proto__` is a key like any other, never the object's prototype.
      const dict: Record<string, unknown> = Object.create(null) as Record<string, unknown>
      sequence('}', () => {
        const key = value()
        expect(':')
        dict[String(key)] = value()
      })
      return dict
    }
    if (char === "'" || char === '"') return string(char)
    const word = /^(True|False|None|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 40))?.[1]
    if (!word) return fail()
    at += word.length
    return word === 'True' ? true : word === 'False' ? false : word === 'None' ? null : Number(word)
  }
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' }
  const string = (quote: string): string => {
    at++
    let out = ''
    while (at < text.length && text[at] !== quote) {
      if (text[at] === '\\') {
        const next = text[at + 1] ?? ''
        if (next === 'x' || next === 'u') {
          const digits = next === 'x' ? 2 : 4
          const hex = text.slice(at + 2, at + 2 + digits)
          if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) fail()
          out += String.fromCharCode(Number.parseInt(hex, 16))
          at += 2 + digits
          continue
        }
        out += escapes[next] ?? `\\${next}`
        at += 2
        continue
      }
      out += text[at++]
    }
    if (at >= text.length) fail()
    at++
    return out
  }
  try {
    const read = value()
    space()
    return at === text.length ? read : undefined
  } catch {
    return undefined
  }
}
