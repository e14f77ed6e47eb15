/**
 * Who credits were retired for, as one name. Registries hold it in different fields and often in a sentence:
 * "Emergent retiring on behalf of Chanel", "Retirement on behalf of Hilti Corporation for the compensation of …",
 * "Cancelación voluntaria a favor de ENGIE Energía Chile S.A RUT …". The name is the text after "on behalf of"
 * (or "a favor de", "im Auftrag von", "au nom de") up to where the sentence moves on; a field that names no one
 * ("No owner - contributing towards global emissions reductions") gives no name. The raw fields are kept beside
 * it, so nothing a registry wrote is lost to this reading.
 */
const onBehalf = /\b(?:on behalf of|a favor de|en nombre de|au nom de|im auftrag von|in favour of|for the benefit of|(?:order|purchase) \S+ for)\s+(.+)/i
const sentenceMovesOn = /\s+(?:for|to|as|under|in order to|para|pour|für|as part of|in respect of|regarding|towards)\s+|\s+RUT\b|\s*[,;.(:]\s+|\s+-\s+/i
const namesNoOne = /^(no owner|not disclosed|not public|unknown|anonymous|n\/?a|none|-)\b/i

export function harmonisedBeneficiary(...fields: (string | null)[]): string | null {
  for (const field of fields) {
    const text = field?.replace(/\s+/g, ' ').trim()
    if (!text || namesNoOne.test(text)) continue
    const behalf = onBehalf.exec(text)
    if (behalf) {
      const name = cleanName(behalf[1].split(sentenceMovesOn)[0])
      if (name) return name
      continue
    }
    // A short field with no sentence in it is a name already; a long one that names no one by these words is a note.
    if (text.length <= 120 && !/\b(retire|retirement|retired|compensat|offset)\w*\b/i.test(text)) return cleanName(text)
  }
  return null
}

function cleanName(text: string): string | null {
  let name = text.replace(/[\s,;:]+$/, '').trim()
  // A closing full stop ends the sentence, unless it ends an abbreviation the name carries ("Inc.", "S.A.").
  const last = name.split(' ').pop() ?? ''
  if (name.endsWith('.') && last.length > 5) name = name.slice(0, -1)
  return name.length >= 2 ? name : null
}
