import { folded } from '../../lib/folded'

/**
 * Text in a beneficiary field that names no one: a placeholder ("_", "-", "N/A"), an anonymous retirement
 * ("Anonymously", "Not Disclosed"), a period ("FY24", "2023 emissions", "Reporting Period: 01.01.2025-31.12.2025")
 * or a reason ("Environmental Benefit", "remove impact of generated credits on PCF disclosures"). Each answers why,
 * in words a record's explanation can carry; a name answers null.
 */
export type NoOne = 'a placeholder' | 'anonymous' | 'a period' | 'a reason'


const words = (text: string) => folded(text).split(/[\s,;:()[\]{}"“”]+/).filter(Boolean)

const placeholder = /^(n\/?a|n\.a\.?|na|none|null|nil|nan|tbd|tba|x+|unknown|unspecified|not (applicable|available|specified|provided|given|named|defined|stated|known)|no (name|beneficiary)|sin nombre|ninguno|nenhum|aucun)$/

const anonymous =
  /^(anonymous(ly)?|anonymous (donor|buyer|client|customer|individual|person|retirement|user)s?|an[oó]nim[oa]s?|anonyme|anonym|undisclosed|not disclosed|non disclosed|confidential|private|private (individual|person|buyer|client)s?|individual|not public|no publico|nao publico|withheld|redacted|no owner\b.*|third party|on behalf of (a )?third party|person or organi[sz]ation|retirement for (a )?person or organi[sz]ation|[^']+'s (customers|clients|end ?users)\b.*|(its|our|their) (customers|clients|end ?users)\b.*)$/

/** Reasons registries offer from a list, and the plain ones people type. */
const reasonPhrases = new Set([
  'environmental benefit', 'beneficio ambiental', 'beneficio medioambiental', 'beneficio medio ambiental', 'benefice environnemental', 'voluntary',
  'voluntary compensation', 'voluntary offset', 'voluntary offsetting', 'voluntary retirement', 'voluntary cancellation', 'compensacion voluntaria',
  'compensacao voluntaria', 'compensation volontaire', 'corporate retirement', 'corporate emissions inventory accounting', 'carbon neutral',
  'carbon neutrality', 'carbon neutrality goals', 'carbon offset', 'carbon offsetting', 'carbon offsets', 'offset', 'offsets', 'offsetting',
  'compensation', 'compensacion', 'compensacao', 'neutralizacion', 'neutralizacao', 'other', 'others', 'otro', 'outro', 'autre', 'various',
  'multiple', 'gift', 'present', 'presente', 'regalo', 'presente de natal', 'donation', 'donacion', 'doacao', 'colombian carbon tax', 'carbon tax',
  'impuesto al carbono', 'article 6', 'corsia', 'ndc', 'climate action', 'net zero', 'sustainability', 'esg', 'retired', 'retirement', 'retire',
  'cancelled', 'canceled', 'cancellation', 'test', 'prueba', 'teste',
])

/** Words a reason begins with, in any case, two words or more: "To offset …", "Offsetting business travel". */
const reasonStarts = new Set([
  'to', 'offsetting', 'offsetted', 'compensating', 'compensated', 'removing', 'retiring', 'retired', 'maintaining', 'reducing', 'neutralising',
  'neutralizing', 'mitigating', 'contributing', 'supporting', 'achieving', 'addressing', 'covering', 'balancing', 'using', 'purchased', 'bought',
  'transferred', 'cancelled', 'canceled', 'retirados', 'retiradas', 'aposentados', 'cancelados',
])

/**
 * Words a reason begins with that a name also may ("Offset Alliance"): a reason when the text begins in lower case
 * ("remove impact of generated credits on PCF disclosures") or runs to four words or more.
 */
const lowerReasonStarts = new Set([
  'offset', 'offsets', 'compensate', 'compensation', 'remove', 'retire', 'retirement', 'retirements', 'maintain', 'reduce', 'reduction',
  'neutralise', 'neutralize', 'neutralisation', 'neutralization', 'mitigate', 'mitigation', 'contribute', 'contribution', 'support', 'achieve',
  'meet', 'address', 'cover', 'balance', 'use', 'purchase', 'buy', 'emission', 'emissions', 'scope', 'yearly', 'monthly', 'quarterly',
  'residual', 'unavoidable', 'voluntary', 'compensar', 'compensacion', 'compensacao', 'compensazione', 'neutralizar', 'neutralizacion',
  'aposentadoria', 'retiro', 'retirada', 'cancelacion', 'cancelamento', 'cancellation',
])

/** Words a reason may begin with, as a name seldom does, when three words or more follow: "in support of …", "we offset …". */
const sentenceStarts = new Set(['in', 'as', 'para', 'pour', 'per', 'fur', 'zur', 'zum', 'por', 'com', 'i', 'we', 'our', 'these', 'this', 'gei', 'gee'])

/** Words that say a text is about emissions and claims, when they come with a year or a sentence around them. */
const reasonMarkers = /\b(emissions?|emisiones|emissoes|emisyon\w*|footprint|huella|pegada|scope ?[123]|ghg|co2e?|tco2e?|disclosures?|inventory|inventario|offset\w*|compensat\w*|compensac\w*|neutral\w*|net[- ]zero)\b/

/** A word of a period: years, fiscal and calendar years, quarters, months, and the words around them. */
const periodWord =
  /^(fy|cy|ye|ytd|q[1-4]|h[12]|fy'?\d{2,4}|cy'?\d{2,4}|f\d{4}|[12]\d{3}s?|\d{1,4}([-/.–]\d{1,4}){0,5}|\d{1,2}(st|nd|rd|th)|jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|year|years|yr|calendar|fiscal|financial|annual|period|periodo|reporting|emissions?|emisiones|emissoes|inventory|footprint|operations?|operational|ano|anos|anio|annee|jahr|quarter|month|monthly|vintage|and|&|to|through|thru|till|until|from|of|the|for|de|del|do|da|a|al|y|e|et|und|-|–|—|\/)$/

const yearish = /^(fy'?\d{2,4}|cy'?\d{2,4}|f\d{4}|(19|20)\d{2}s?|\d{1,4}([-/.–]\d{1,4}){1,5})$/

/** Whether every word of the text is a word of a period, one of them a year: "FY24", "2023 emissions", "Jan - Mar 2025". */
export function isPeriod(text: string): boolean {
  const all = words(text).flatMap((word) => word.split(/(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d{4})/))
  return all.length > 0 && all.every((word) => periodWord.test(word)) && all.some((word) => yearish.test(word))
}

/**
 * Whether the text is a reason rather than a name: a phrase from the registries' lists, or a sentence that begins
 * with what the credits were for ("remove impact of …", "To offset …"), or one about emissions with a year in it.
 */
export function isReason(text: string): boolean {
  const plain = folded(text).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim()
  if (reasonPhrases.has(plain)) return true
  const all = plain.split(' ')
  const lowerStart = /^[\p{Ll}\d]/u.test(text.trim())
  if (reasonStarts.has(all[0]) && all.length >= 2) return true
  if (lowerReasonStarts.has(all[0]) && (lowerStart || all.length >= 4)) return true
  if (sentenceStarts.has(all[0]) && all.length >= 3) return true
  return reasonMarkers.test(plain) && (/\b(19|20)\d{2}\b/.test(plain) || lowerStart || all.length >= 6)
}

/** Why the text names no one, or null when it may name someone. */
export function namesNoOne(text: string): NoOne | null {
  const plain = text.trim()
  // No letter at all: a year or a span of days is a period; anything else ("_", "-", an account number) a placeholder.
  if (!/\p{L}/u.test(plain)) return isPeriod(plain) ? 'a period' : 'a placeholder'
  const lower = folded(plain).replace(/[.!]+$/, '').trim()
  if (placeholder.test(lower)) return 'a placeholder'
  if (anonymous.test(lower)) return 'anonymous'
  if (isPeriod(plain)) return 'a period'
  if (isReason(plain)) return 'a reason'
  if (/^https?:\/\//i.test(plain)) return 'a placeholder'
  return null
}
