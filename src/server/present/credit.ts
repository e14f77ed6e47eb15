import type { CreditPage, CreditRecord } from '../../api/contract/credits'
import type { CreditPageRead } from '../credits/credit-page'
import type { CreditCount, CreditPosition } from '../db/queries/credits'
import type { CreditRow } from '../db/schema'

const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10))

/** Whom a record's spelling resolves to, and why (see `beneficiaries/`). */
export interface ResolvedSpelling {
  resolved_name: string | null
  why: string
}

/**
 * One stored record as the contract shapes it, with the file and row it came from, and whom its spelling resolves
 * to now. A record of a store read before spellings were kept shows the name the rules gave it then.
 */
export function toCreditRecord(row: CreditRow, spelling: ResolvedSpelling | undefined): CreditRecord {
  return {
    id: row.id,
    object: 'credit',
    project_key: row.project_key,
    registry: row.registry,
    kind: row.kind,
    quantity: row.quantity,
    vintage: row.vintage,
    // Null for a record stored before exports' stated totals were kept (migration 028) until it is imported again.
    stated_vintage_total: row.stated_vintage_total ?? null,
    date: day(row.date),
    serial: row.serial,
    labels: row.labels,
    beneficiary: spelling ? spelling.resolved_name : row.beneficiary,
    beneficiary_why: spelling ? spelling.why : null,
    beneficiary_raw: row.beneficiary_raw,
    reason: row.reason,
    source: { id: row.source_id, file: row.file_name, row: row.row_number, run_id: row.run_id },
  }
}

/** A page of records with its filter's count and the cursors to read on with, each position written by `cursor`. */
export function toCreditPage(
  read: CreditPageRead,
  count: CreditCount,
  perPage: number,
  spellings: ReadonlyMap<string, ResolvedSpelling>,
  cursor: (at: CreditPosition) => string,
): CreditPage {
  return {
    object: 'list',
    data: read.rows.map((row) => toCreditRecord(row, row.beneficiary_id === null ? undefined : spellings.get(String(row.beneficiary_id)))),
    total: count.total,
    total_estimated: count.estimated,
    page: read.page,
    per_page: perPage,
    has_more: read.next !== null,
    next_after: read.next && cursor(read.next),
    previous_before: read.previous && cursor(read.previous),
    sum_quantity: count.sumQuantity,
    sum_by_kind: count.sumByKind,
    sum_into_buffer_pool: count.sumIntoBufferPool,
  }
}
