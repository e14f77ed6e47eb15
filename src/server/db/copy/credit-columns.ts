import { copyLine } from './copy-line'
import type { NewCredit, NewCreditBlock } from '../schema'

/** Every column of a record, as COPY names them. */
export const creditColumns = [
  'id', 'registry', 'project_key', 'kind', 'quantity', 'vintage', 'date', 'serial', 'labels', 'beneficiary', 'beneficiary_raw', 'reason',
  'search_id', 'beneficiary_id', 'fingerprint', 'source_id', 'file_name', 'row_number', 'run_id', 'stated_vintage_total',
] as const satisfies readonly (keyof NewCredit)[]

/** A record as a line of COPY's CSV, in `creditColumns` order: what an import's parsing worker hands on to be written. */
export const creditLine = (row: NewCredit) => copyLine(creditColumns.map((column) => row[column]))

/** Every column of a record's block of serial numbers, as COPY names them. */
export const creditBlockColumns = ['credit_id', 'registry', 'kind', 'scope', 'first_unit', 'last_unit'] as const satisfies readonly (keyof NewCreditBlock)[]

/** A record's block as a line of COPY's CSV, in `creditBlockColumns` order, formatted beside the record's own line. */
export const creditBlockLine = (row: NewCreditBlock) => copyLine(creditBlockColumns.map((column) => row[column]))
