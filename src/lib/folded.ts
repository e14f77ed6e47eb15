/**
 * Letters no Unicode decomposition reaches, written as a reader who lacks them types them: "Ørsted" as "orsted",
 * "Łódź" as "lodz", "Straße" as "strasse".
 */
const undecomposed: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd' }

/** Typographers' quotes and dashes, as a keyboard types them: "Côte d’Ivoire" is found by "cote d'ivoire". */
const typographic: Readonly<Record<string, string>> = { '‘': "'", '’': "'", '‚': "'", '‛': "'", '′': "'", '“': '"', '”': '"', '„': '"', '″': '"', '‐': '-', '‑': '-', '‒': '-', '–': '-', '—': '-', '―': '-', '−': '-' }

/**
 * A text as names are compared and searched: lower case, accents folded, so "Anónimo" and "anonimo", "Energía" and
 * "ENERGIA", "Türk" and "Turk" read alike, and typographers' quotes and dashes as typed. Text of ASCII alone is only
 * lower-cased, the common case made cheap.
 */
export function folded(text: string): string {
  const lower = text.toLowerCase()
  if (!/[\u0080-\uffff]/.test(lower)) return lower
  return lower
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øłđħıßæœþð]/g, (letter) => undecomposed[letter])
    .replace(/[‘’‚‛′“”„″‐‑‒–—―−]/g, (mark) => typographic[mark])
}
