import type { CreditRecord } from '../../../api/contract/credits'
import { toCsv } from '../../../lib/csv'

const header = ['date', 'project_key', 'registry', 'kind', 'quantity', 'vintage', 'stated_vintage_total', 'beneficiary', 'reason', 'labels', 'serial', 'registry_fields', 'source', 'file', 'row']

/**
 * Records as CSV, one row each with where it came from. What the registry wrote about who and why is kept as
 * `field: text` pairs; a beneficiary beginning like a formula is written so a spreadsheet shows it as text.
 */
export function creditsToCsv(records: readonly CreditRecord[]): string {
  return toCsv(
    header,
    records.map((r) => [
      r.date,
      r.project_key,
      r.registry,
      r.kind,
      r.quantity,
      r.vintage,
      r.stated_vintage_total,
      r.beneficiary,
      r.reason,
      r.labels.join('; '),
      r.serial,
      Object.entries(r.beneficiary_raw)
        .map(([field, text]) => `${field}: ${text}`)
        .join(' | '),
      r.source.id,
      r.source.file,
      r.source.row,
    ]),
  )
}
