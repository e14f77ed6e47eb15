import { copyLine } from './copy-line'
import type { NewCredit } from './schema'

/** Every column of a record, as COPY names them. */
export const creditColumns = [
  'id', 'registry', 'project_key', 'kind', 'quantity', 'vintage', 'date', 'serial', 'labels', 'beneficiary', 'beneficiary_raw', 'reason',
  'search_id', 'fingerprint', 'source_id', 'file_name', 'row_number', 'run_id',
] as const satisfies readonly (keyof NewCredit)[]

/** A record as a line of COPY's CSV, in `creditColumns` order: what an import's parsing worker hands on to be written. */
export const creditLine = (row: NewCredit) => copyLine(creditColumns.map((column) => row[column]))
