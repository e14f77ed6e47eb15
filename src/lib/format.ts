/**
 * Display formatting shared by every view. One locale and UTC dates, so the same data reads the same for
 * everyone who opens a shared link. A missing value is shown as an em dash, never as 0.
 */
export const missingValue = '—'

const locale = 'en-US'
const usdWhole = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const usdCents = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
const dateFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
  timeZoneName: 'short',
})

export type Maybe<T> = T | null | undefined

/**
 * Number formats made once per kind and precision: making one costs far more than formatting with it, and a
 * shortlist formats thousands of figures as it opens.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(style: 'decimal' | 'percent', minimumFractionDigits: number, maximumFractionDigits: number) {
  const key = `${style}:${minimumFractionDigits}:${maximumFractionDigits}`
  let format = numberFormats.get(key)
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { style, minimumFractionDigits, maximumFractionDigits })))
  return format
}

/**
 * `$250,000` for whole amounts, `$4.70` when there are cents (a price per tonne); `cents` writes a whole amount to
 * the cent too, as a column some of whose amounts have cents reads alike ("$291,116.00" above "$152,040.27").
 */
export function formatUsd(value: Maybe<number>, cents = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return Number.isInteger(value) && !cents ? usdWhole.format(value) : usdCents.format(value)
}

/**
 * A price per tonne, always to the cent: `$3.00`, `$5.50`, so a column or a range of prices reads alike (`formatUsd`
 * wrote a whole price without cents, "$3 estimate" beside "$5.50").
 */
export function formatUnitPrice(value: Maybe<number>): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return usdCents.format(value)
}

/**
 * A figure as the app and the API's sentences write it: `1,234.5`; a negative one with the minus sign (`−7,094`), as
 * the sentences beside it write a difference, not a hyphen, which read "-81,661" beside "48,172 − 6,261" and which a
 * screen reader may not say as "minus".
 */
export function formatNumber(value: Maybe<number>, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return numberFormat('decimal', 0, maximumFractionDigits).format(value).replace('-', '−')
}

/** A count and its noun, one or several: `1 source`, `11,025 projects`, `2 countries` (`several` when not noun + s). */
export function formatCount(count: number, one: string, several = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : several}`
}

/** A span of days, once when it is one day: `Mar 31, 2026`, `Mar 10, 2025 to Feb 20, 2026`. */
export function formatDateSpan(first: Maybe<string | Date>, last: Maybe<string | Date>): string {
  const [from, to] = [formatDate(first), formatDate(last)]
  return from === to ? from : `${from} to ${to}`
}

/** `Nov 1, 2026`, in UTC. Accepts an ISO timestamp or a Date. */
export function formatDate(value: Maybe<string | Date>): string {
  const date = toDate(value)
  return date ? dateFormat.format(date) : missingValue
}

/** `Nov 1, 2026, 09:30 UTC`. */
export function formatDateTime(value: Maybe<string | Date>): string {
  const date = toDate(value)
  return date ? dateTimeFormat.format(date) : missingValue
}

/** A fraction 0–1 as a percentage: `formatPercent(0.724)` → `72%`. */
export function formatPercent(fraction: Maybe<number>, fractionDigits = 0): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return missingValue
  return numberFormat('percent', fractionDigits, fractionDigits).format(fraction)
}

function toDate(value: Maybe<string | Date>): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
