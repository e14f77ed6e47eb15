import type { CreditRecord } from '../../../api/contract/credits'
import { toCsv } from '../../../lib/csv'

const header = ['date', 'project_key', 'registry', 'kind', 'quantity', 'vintage', 'beneficiary', 'why', 'registry_fields', 'source', 'file', 'row']

/**
 * The records retired for a beneficiary as CSV, one row each: whom it resolved to and why, the registry's own
 * words beside it, and the file and row it came from.
 */
export function retiredRecordsToCsv(records: readonly CreditRecord[]): string {
  return toCsv(
    header,
    records.map((r) => [
      r.date,
      r.project_key,
      r.registry,
      r.kind,
      r.quantity,
      r.vintage,
      r.beneficiary,
      r.beneficiary_why,
      Object.entries(r.beneficiary_raw)
        .map(([field, text]) => `${field}: ${text}`)
        .join(' | '),
      r.source.id,
      r.source.file,
      r.source.row,
    ]),
  )
}
