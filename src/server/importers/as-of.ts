import type { AsOfBasis } from '../../api/contract/sources'
import { asOfInText } from './vrod-read'

/** Midnight UTC of a moment's day. */
const dayOf = (moment: Date) => new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()))

/**
 * The date a file's data is as of, by the first of: the run request's `as_of`; the release its name states
 * (`…v2025-12…` → 2025-12-31, the release's last day); what its contents state; the day it was uploaded
 * (or, for a file on disk, last changed). Freshness is measured from this date, never from the import's time.
 * A name or contents dated after today (`now`'s day, UTC) are as of today: data cannot be as of a day that has not
 * come, and would read as fresh for ever. The request's date is checked where it is made (`latestToday`).
 */
export function resolveAsOf(input: { requested: string | null; fileName: string; contentAsOf: Date | null; fallback: Date; now?: Date }): {
  asOf: Date
  basis: AsOfBasis
} {
  if (input.requested) return { asOf: new Date(`${input.requested}T00:00:00Z`), basis: 'requested' }
  const today = dayOf(input.now ?? new Date())
  const notAfterToday = (day: Date) => (day.getTime() > today.getTime() ? today : day)
  const named = asOfInText(input.fileName)
  if (named) return { asOf: notAfterToday(named), basis: 'file_name' }
  if (input.contentAsOf) return { asOf: notAfterToday(input.contentAsOf), basis: 'contents' }
  return { asOf: notAfterToday(dayOf(input.fallback)), basis: 'file_date' }
}
