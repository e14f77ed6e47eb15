/**
 * A sum of dollars as a buyer writes it, read without guessing which mark separates thousands and which decimals.
 * Credence speaks US English, where `250,000` is a quarter of a million and `1.5` one and a half; but a buyer used
 * to `250.000` for a quarter of a million, or `1,5M` for one and a half million, means something else by the same
 * marks. A text that reads both ways is refused with both readings, for the buyer to choose.
 */
export type MoneyReading =
  | { kind: 'empty' }
  | { kind: 'amount'; value: number }
  | { kind: 'two-ways'; readings: [number, number] }
  /** Finer than a cent (`100,000.999`): a slip, not a sum of money, refused rather than rounded silently. */
  | { kind: 'below-cents'; nearest: number }
  | { kind: 'unreadable' }

// As buyers write them: `$250k`, `$2.5m`, `$10bn`, `1.5 million` (spaces are dropped before the scale is read). Not `10b`,
// which reads as much as a typo as a billion.
const scales: Record<string, number> = { '': 1, k: 1e3, m: 1e6, bn: 1e9, million: 1e6, billion: 1e9 }

/**
 * Whether a sum holds a fraction of a cent, past what reading it as a double could add: $4,969,889,448.39 times 100 is
 * 496,988,944,839.00006, and a fixed tolerance refused it.
 */
const finerThanCents = (value: number) => {
  const inCents = value * 100
  return Math.abs(inCents - Math.round(inCents)) > Math.max(1e-6, Math.abs(inCents) * 4 * Number.EPSILON)
}

/** To the cent, so 1.1k is 1,100 and not 1,100.0000000000002. */
const cents = (value: number) => Math.round(value * 100) / 100

const grouped = (groups: readonly string[]) => groups.slice(1).every((group) => /^\d{3}$/.test(group)) && /^\d{1,3}$/.test(groups[0])

/** The digits with every mark as a group separator: `1,5` as 15, `250.000` as 250000. */
const allGrouping = (body: string) => Number(body.replace(/[.,]/g, ''))

/** The readings of a number made of digits, commas and dots (no sign, no scale): one, two, or none. */
function readingsOf(body: string): number[] {
  if (!/^(\d+|\d*[.,]\d*)+$/.test(body) || !/\d/.test(body)) return []
  const commas = body.split(',').length - 1
  const dots = body.split('.').length - 1
  if (commas === 0 && dots === 0) return [Number(body)]
  // `0.001`: no one groups thousands after a lone zero, so a dot there is a decimal point. `0,500` reads two ways,
  // a decimal comma or a stray separator, as `1,5` does: read as $0.50 alone, it built a shortlist of nothing.
  if (/^0\.\d*$/.test(body)) return [Number(body)]
  if (/^0,\d+$/.test(body)) return [Number(body.replace(',', '.')), allGrouping(body)]
  if (dots === 0) {
    // `250,000`, `1,234,567`: groups of three are thousands, the usual way to write dollars; `1,50,000` groups
    // lakhs. A lone comma before other than three digits (`1,5`) could be a decimal comma, or a stray separator.
    if (grouped(body.split(',')) || /^\d{1,2}(,\d{2})*,\d{3}$/.test(body)) return [allGrouping(body)]
    if (commas > 1) return []
    return [Number(body.replace(',', '.')), allGrouping(body)]
  }
  if (commas === 0) {
    // `1.5`, `250.00`: a decimal point. `1.234.567`: several dots are separators. `250.000`: either.
    if (dots > 1) return grouped(body.split('.')) ? [allGrouping(body)] : []
    const decimals = body.split('.')[1]
    return decimals.length === 3 && /^\d{1,3}$/.test(body.split('.')[0]) ? [Number(body), allGrouping(body)] : [Number(body)]
  }
  // Both marks. `1,234.56`: commas group, the dot marks cents. `1.234,56`: written the other way round, which a
  // dollar amount here never is: it reads as 1,234.56 with the marks swapped, or as digits grouped throughout.
  const lastComma = body.lastIndexOf(',')
  const lastDot = body.lastIndexOf('.')
  if (lastDot > lastComma && dots === 1) return grouped(body.slice(0, lastDot).split(',')) ? [Number(body.replace(/,/g, ''))] : []
  if (lastComma > lastDot && commas === 1 && grouped(body.slice(0, lastComma).split('.'))) {
    return [Number(body.replace(/\./g, '').replace(',', '.')), allGrouping(body)]
  }
  return []
}

/** `250000`, `$250,000`, `$250k`, `1.5M`, `$10bn`, `1.5 million`, `USD 250,000`; `250.000` and `1,5M` read two ways. */
export function readMoney(text: string): MoneyReading {
  const cleaned = text
    .trim()
    .replace(/^(usd|us\$)\s*/i, '')
    .replace(/\s*usd$/i, '')
    .replace(/[\s_$]/g, '')
  if (cleaned === '') return { kind: 'empty' }
  const match = /^(-?)([\d.,]+)([a-z]*)$/i.exec(cleaned)
  const scale = match && scales[match[3].toLowerCase()]
  if (!scale) return { kind: 'unreadable' }
  const sign = match[1] === '-' ? -1 : 1
  const exact = readingsOf(match[2]).map((value) => sign * value * scale)
  const values = [...new Set(exact.map(cents))]
  if (values.length === 0 || values.some((value) => !Number.isFinite(value))) return { kind: 'unreadable' }
  if (exact.length === 1 && finerThanCents(exact[0])) return { kind: 'below-cents', nearest: values[0] }
  return values.length === 1 ? { kind: 'amount', value: values[0] } : { kind: 'two-ways', readings: [values[0], values[1]] }
}

/** A reading as the buyer could type it unambiguously: `$1,500,000`, `$250`, `$1,234.56`. */
export const moneyText = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })}`
