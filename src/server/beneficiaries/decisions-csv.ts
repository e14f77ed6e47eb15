import { toCsv } from '../../lib/csv'
import type { BeneficiaryDecisionRow } from '../db/schema'

const header = ['id', 'kind', 'names', 'spelling', 'into', 'made_at', 'made_by', 'undone_at', 'undone_by']
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * Every decision as CSV, oldest first: the names it concerns joined by " | ", when and by which credential, and
 * when undone. A name beginning like a formula is written so a spreadsheet shows it as text.
 */
export function decisionsToCsv(rows: readonly BeneficiaryDecisionRow[]): string {
  return toCsv(
    header,
    rows.map((row) => [row.id, row.kind, row.names.join(' | '), row.spelling, row.into_name, iso(row.made_at), row.made_by, iso(row.undone_at), row.undone_by]),
  )
}
