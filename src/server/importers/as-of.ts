import { asOfInText } from './vrod-read'

export type AsOfBasis = 'request' | 'file name' | 'contents' | 'upload date'

/**
 * The date a file's data is as of, by the first of: the run request's `as_of`; the release its name states
 * (`…v2025-12…` → 2025-12-31, the release's last day); what its contents state; the day it was uploaded
 * (or, for a file on disk, last changed). Freshness is measured from this date, never from the import's time.
 */
export function resolveAsOf(input: { requested: string | null; fileName: string; contentAsOf: Date | null; fallback: Date }): {
  asOf: Date
  basis: AsOfBasis
} {
  if (input.requested) return { asOf: new Date(`${input.requested}T00:00:00Z`), basis: 'request' }
  const named = asOfInText(input.fileName)
  if (named) return { asOf: named, basis: 'file name' }
  if (input.contentAsOf) return { asOf: input.contentAsOf, basis: 'contents' }
  const day = input.fallback
  return { asOf: new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())), basis: 'upload date' }
}
