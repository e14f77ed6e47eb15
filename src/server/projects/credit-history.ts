import type { CreditHistory } from '../../api/contract/projects'

const iso = (d: Date | string) => new Date(d).toISOString()

type CreditYearRow = { year: number; issued_by_vintage: string | number; issued_in_year: string | number; retired_in_year: string | number; remaining_by_vintage: string | number }

/** The yearly history as stored (years with any non-zero value, ascending), dated by the import it came from. */
export function storedCreditHistory(rows: CreditYearRow[], source: { id: string; as_of: Date } | null): CreditHistory {
  const years = rows
    .map((r) => ({
      year: r.year,
      issued_by_vintage: Number(r.issued_by_vintage),
      issued_in_year: Number(r.issued_in_year),
      retired_in_year: Number(r.retired_in_year),
      // Berkeley counts what remains of each vintage; what is gone of it is the rest of its issuance.
      retired_by_vintage: Number(r.issued_by_vintage) - Number(r.remaining_by_vintage),
      remaining_by_vintage: Number(r.remaining_by_vintage),
    }))
    .filter((y) => y.issued_by_vintage !== 0 || y.issued_in_year !== 0 || y.retired_in_year !== 0 || y.remaining_by_vintage !== 0)
    .sort((a, b) => a.year - b.year)
  return { years, source: years.length > 0 && source ? source.id : null, as_of: years.length > 0 && source ? iso(source.as_of) : null }
}
