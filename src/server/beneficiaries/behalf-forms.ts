/**
 * The words a registry's free text uses to say whom credits were retired for, in the languages registries are
 * written in, each followed by the name: "Retired on behalf of …" (and its misspellings, "on the behafl of", "on
 * be half of"), "in the name of", "for the benefit of"; Spanish "en nombre de", "a nombre de", "a favor de";
 * Portuguese "em nome de", "em favor de"; French "au nom de", "pour le compte de", "au profit de"; German "im
 * Namen von", "im Auftrag von", "zugunsten von"; Italian "per conto di", "a nome di"; Dutch "namens"; and a
 * marketplace's "Order GSM31742 for …", "Emergent retiring for …", "Beneficiary: …".
 */
const forms = [
  String.raw`on\s+(?:the\s+)?be\s?h(?:alf|afl|lfa)\s+(?:of\s+)?`,
  String.raw`in\s+the\s+name\s+of\s+`,
  String.raw`for\s+the\s+benefit\s+of\s+`,
  String.raw`in\s+favou?r\s+of\s+`,
  String.raw`(?:en|a)\s+nombre\s+de(?:l)?\s+`,
  String.raw`(?:a|en)\s+favor\s+de(?:l)?\s+`,
  String.raw`em\s+(?:nome|favor)\s+d[aeo]s?\s+`,
  String.raw`au\s+nom\s+d(?:e\s+|')`,
  String.raw`pour\s+le\s+compte\s+d(?:e\s+|')`,
  String.raw`au\s+profit\s+d(?:e\s+|')`,
  String.raw`im\s+(?:namen|auftrag)\s+(?:von\s+)?`,
  String.raw`zugunsten\s+(?:von\s+)?`,
  String.raw`per\s+conto\s+d(?:i\s+|')`,
  String.raw`a\s+nome\s+d(?:i\s+|')`,
  String.raw`\bnamens\s+`,
  String.raw`(?:order|purchase)\s+\S+\s+for\s+`,
  String.raw`retiring\s+for\s+`,
  String.raw`retired\s+for\s+`,
  String.raw`^beneficiary\s*:\s*`,
  String.raw`^beneficiario\s*:\s*`,
]
/** The forms in the order they are looked for: "on behalf of" anywhere in the text wins over a "Beneficiary:" before it. */
const behalf = forms.map((form) => new RegExp(`(?:^|\\b)(${form})`, 'i'))
/** Whether any form is there at all: one pass, where most fields (a plain name) have none. */
const anyBehalf = new RegExp(`(?:^|\\b)(?:${forms.join('|')})`, 'i')

/**
 * Where the sentence moves on after a name: the purpose ("for", "to", "para", "pour", "per"), a clause ("and its",
 * "against", "in support of"), a bracket, a dash between spaces, or a comma, semicolon or full stop before the next
 * word. Legal forms after a comma ("Salesforce, Inc.") are cut too, and would be taken off anyway.
 */
const movesOn = new RegExp(
  [
    // Purposes and clauses; "to", "as", "with" only before a lower-case word or a number ("to offset", not "Back to Nature").
    String.raw`\s+(?:for|against|towards?|regarding|during|durante|within|para|por|pour|per|für|fur|zur|zum|via|whose|referente|relativ[oa]s?|correspondiente|correspondente)\s+`,
    String.raw`\s+(?:to|as|with|from|under|through|who|which|that)\s+(?=\p{Ll}|\p{N})`,
    String.raw`\s+in\s+(?:order|support|respect|relation|line|the|their|its|fiscal|calendar)\s+`,
    String.raw`\s+and\s+(?:its|their|his|her|all|the|other)\s+|\s+and\/\s*or\s+`,
    String.raw`\s+en\s+(?:el|la|los|las)\s+`,
    // A bracket; a dash between spaces or after a word ("G Silva- Frete"); a comma, semicolon or colon before the next word.
    String.raw`\s*\(|\s+[-–—]+\s*|\s*[-–—]{2,}\s*|[-–—]\s+|\s*[,;:]\s+`,
    // A full stop ending a word of three letters or more ("Inc. Retirement …"), not an initial ("S. A.").
    String.raw`(?<=\p{L}{3}|\p{N})\.\s+(?=\p{Lu}|\p{N})`,
    String.raw`\s+(?:RUT|NIT|CNPJ)\b`,
  ].join('|'),
  // Not case-blind: with it, \p{Ll} would match capitals too, and "Back to Nature" be cut.
  'u',
)

/** The name after an "on behalf of" form, up to where the sentence moves on, and the form found; null when there is none. */
export function afterBehalfForm(text: string): { form: string; name: string } | null {
  if (!anyBehalf.test(text)) return null
  for (const form of behalf) {
    const found = form.exec(text)
    if (found) return { form: found[1].trim().replace(/\s+/g, ' '), name: untilMovesOn(text.slice(found.index + found[0].length)) }
  }
  return null
}

/** The text up to where the sentence moves on. */
export const untilMovesOn = (text: string) => text.split(movesOn)[0].trim()
