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

type Maybe<T> = T | null | undefined

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

/** `$250,000` for whole amounts, `$4.70` when there are cents (a price per tonne). */
export function formatUsd(value: Maybe<number>): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return Number.isInteger(value) ? usdWhole.format(value) : usdCents.format(value)
}

/**
 * A price per tonne, always to the cent: `$3.00`, `$5.50`, so a column or a range of prices reads alike (`formatUsd`
 * wrote a whole price without cents, "$3 estimate" beside "$5.50").
 */
export function formatUnitPrice(value: Maybe<number>): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return usdCents.format(value)
}

export function formatNumber(value: Maybe<number>, maximumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missingValue
  return numberFormat('decimal', 0, maximumFractionDigits).format(value)
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

/**
 * The cadence a source is held to, as a phrase: `hourly`, `every 6 hours`, `daily`, `weekly`, `every 30 days`.
 * `cadenceLabel` is the same words starting a table's cell.
 */
export function cadencePhrase(hours: number): string {
  if (hours === 24) return 'daily'
  if (hours === 168) return 'weekly'
  if (hours % 24 === 0) return `every ${hours / 24} days`
  return hours === 1 ? 'hourly' : `every ${hours} hours`
}

export const cadenceLabel = (hours: number): string => {
  const phrase = cadencePhrase(hours)
  return phrase[0].toUpperCase() + phrase.slice(1)
}

/**
 * How long ago, from a whole number of hours: `just now`, `5 hours ago`, `3 days ago`, `4 months ago` (`ageWords`).
 */
export function formatAge(hours: Maybe<number>): string {
  const words = ageWords(hours)
  return words === missingValue ? words : `${words} ago`
}

/**
 * An age in words, from a whole number of hours: `5 hours`, `3 days`, `4 months`, `2 years`; the one wording of an
 * age, which the app says "ago" after and a shortlist's note "old". Months and years are the nearest whole number:
 * 333 days is "11 months", not the 10 whole months in it.
 */
export function ageWords(hours: Maybe<number>): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return missingValue
  if (hours < 1) return 'less than an hour'
  if (hours < 48) return counted(Math.floor(hours), 'hour')
  const days = Math.floor(hours / 24)
  if (days < 60) return counted(days, 'day')
  const months = Math.round(days / 30.44)
  if (months < 24) return counted(months, 'month')
  return counted(Math.round(days / 365.25), 'year')
}

/** A fraction 0–1 as a percentage: `formatPercent(0.724)` → `72%`. */
export function formatPercent(fraction: Maybe<number>, fractionDigits = 0): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return missingValue
  return numberFormat('percent', fractionDigits, fractionDigits).format(fraction)
}

function counted(count: number, unit: string) {
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

function toDate(value: Maybe<string | Date>): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

const byteUnits = ['bytes', 'KB', 'MB', 'GB'] as const

/** A file's size as people read it: `2.3 MB`, `512 bytes` (powers of 1,024, as file browsers show them). */
export function formatBytes(bytes: Maybe<number>): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return missingValue
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${formatNumber(value)} ${value === 1 ? 'byte' : 'bytes'}` : `${formatNumber(value, 1)} ${byteUnits[unit]}`
}
