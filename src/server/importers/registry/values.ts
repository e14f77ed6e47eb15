/**
 * Quantities as the registries write them: `"1,454,054"`, `19149`, `0.125` (Isometric's fractional tonnes). Null
 * for anything else, so a row with no readable quantity is skipped rather than counted as zero.
 */
export function quantityOf(text: string): number | null {
  const plain = text.replace(/[,\s]/g, '')
  if (!/^\d+(\.\d+)?$/.test(plain)) return null
  // Past a double's range (309 digits and more) the digits read as Infinity, which no quantity is.
  const quantity = Number(plain)
  return Number.isFinite(quantity) ? quantity : null
}

const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/
const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/

/**
 * A day as YYYY-MM-DD from ISO dates and timestamps (`2026-04-13T12:35:58.842275`), or from slashed dates in the
 * order the registry uses (`dmy` for Verra's site, `mdy` for ACR, CAR and ART). Null when it is not a real day.
 */
export function dayOf(text: string, slashOrder: 'dmy' | 'mdy' = 'mdy'): string | null {
  const value = text.trim()
  let year: number, month: number, day: number
  const a = iso.exec(value)
  const b = a ? null : slashed.exec(value)
  if (a) [year, month, day] = [Number(a[1]), Number(a[2]), Number(a[3])]
  else if (b) {
    year = Number(b[3])
    ;[day, month] = slashOrder === 'dmy' ? [Number(b[1]), Number(b[2])] : [Number(b[2]), Number(b[1])]
  } else return null
  // Checked and written by hand, not through Date: a million-row export reads a day or two from every row.
  // Years before 100 are not days any export means (and Date would read them as 19xx).
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/**
 * Why a day an export wrote was not read, given what `dayOf` made of it, or null: an empty cell is no day, but
 * text that is no day ("soon", "31/02/2024") refuses its row, named, where it was read as none and dated its record
 * nowhere without a word. Takes the day already read, so a million rows read each day once.
 */
export function unreadDay(text: string, day: string | null, column: string): string | null {
  if (day !== null || text.trim() === '') return null
  return `no readable ${column} ("${text.trim().slice(0, 40)}")`
}

const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const daysIn = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : monthDays[month - 1]

/**
 * A vintage year from a year (`2024`), a day (`2020-01-01`) or a slashed day, whose year is last in either order
 * (`01/01/2020`, as Verra's site writes its days); null outside 1990 to 2100.
 */
export function vintageOf(text: string): number | null {
  const value = text.trim()
  const first = /^(\d{4})(?!\d)/.exec(value)
  const last = first ? null : slashed.exec(value)
  const year = first ? Number(first[1]) : last ? Number(last[3]) : NaN
  return year >= 1990 && year <= 2100 ? year : null
}

/**
 * Why a vintage an export wrote was not read, given what `vintageOf` made of it, or null: as with a day, an empty cell
 * (or one that says nothing, `N/A`) is no vintage, but text that is no year refuses its row, named, where its record
 * was kept with no vintage and left every vintage's figures without a word.
 */
export function unreadVintage(text: string, vintage: number | null, column: string): string | null {
  if (vintage !== null || textOf(text) === null) return null
  return `no vintage year from 1990 to 2100 in ${column} ("${text.trim().slice(0, 40)}")`
}

/**
 * The UN SDGs a listing names, each once, in order: Gold Standard writes their numbers (`4,13,6`), ACR numbers and
 * names (`03: Good Health and Well-Being;13: Climate Action`), the Climate Action Reserve `2. Zero Hunger;13. …`. A
 * goal's name may hold a comma ("Industry, Innovation and Infrastructure"): a part that opens with no goal's number
 * is no goal.
 */
export function sdgsOf(text: string): number[] {
  const goals = text.split(/[;,]/).flatMap((part) => {
    const number = /^\s*(?:SDG\s*)?0*(\d{1,2})(?!\d)/i.exec(part)?.[1]
    const goal = Number(number)
    return number !== undefined && goal >= 1 && goal <= 17 ? [goal] : []
  })
  return [...new Set(goals)].sort((a, b) => a - b)
}

/** A cell as text, or null when it is empty or says nothing (`Not Disclosed`, `N/A`). */
export function textOf(text: string | undefined): string | null {
  const value = (text ?? '').trim()
  return value === '' || /^(not disclosed|n\/?a|none|null|-)$/i.test(value) ? null : value
}
