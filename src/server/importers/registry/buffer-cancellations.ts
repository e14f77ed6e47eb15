import { quantityOf } from './values'

/**
 * Cancellations of a buffer pool's credits in an export that lists them beside the project's own. When credits of an
 * ARB-eligible forest are converted to California's compliance offsets, the registry cancels the project's credits
 * and, in a batch of its own, the share of the issuance set aside for the compliance buffer. Berkeley counts that
 * share as the project's buffer deposits, never as issued (ACR555: 4,373,651 issued, 517,310 deposited, the two
 * batches ACR's export cancels on Dec 26, 2025), so a cancellation of it is the pool's, not the project's retired.
 *
 * - ACR cancels the share from its own account: `Account Holder` is "ACR".
 * - The Climate Action Reserve's export names no account. The share is the second of two batches numbered one after
 *   the other, of one project, vintage, day and reduction or removal, and the smaller by far: CAR1822's 617 after
 *   2,890 and 81,044 after 379,694 on Mar 27, 2026 (17.59% each, the share its issuance set aside, and 81,661 in all,
 *   Berkeley's deposits for it). A share above a quarter of the two is no buffer's (the sample's run from 12% to 19%).
 */
export type BufferCancellations = { kind: 'account'; column: string; holder: string } | { kind: 'paired-share' }

/** The export's own columns a batch is read by. */
export interface BatchColumns {
  serial: string
  quantity: string
  date: string
  project: string
  /** Reduction or removal: two batches of one conversion are of the same. */
  creditKind: string
}

/** The greatest share of a conversion a buffer's batch can hold and still be read as the buffer's. */
const greatestShare = 0.25

// "CAR-ROC-US-1822-125-1886-CA-2024-8698-1 to 617": all before the batch number, the batch number, the range.
const batchSerial = /^(.*)-(\d+)-\d+ to \d+$/

/** The rows of a table (by index) that cancel a buffer pool's credits, under the export's rule. */
export function bufferCancellationRows(
  rows: readonly (readonly string[])[],
  cell: (row: readonly string[], name: string) => string,
  rule: BufferCancellations,
  columns: BatchColumns,
): Set<number> {
  const found = new Set<number>()
  if (rule.kind === 'account') {
    rows.forEach((row, index) => {
      if (cell(row, rule.column) === rule.holder) found.add(index)
    })
    return found
  }
  const batches = new Map<string, { index: number; batch: number; quantity: number }[]>()
  rows.forEach((row, index) => {
    const serial = batchSerial.exec(cell(row, columns.serial))
    const quantity = quantityOf(cell(row, columns.quantity))
    if (!serial || quantity === null || !(quantity > 0)) return
    // The serial's stem holds the project, its issuance and the vintage; the day and the kind of credit part the rest.
    const key = [serial[1], cell(row, columns.project), cell(row, columns.date), cell(row, columns.creditKind)].join('\u0000')
    batches.set(key, [...(batches.get(key) ?? []), { index, batch: Number(serial[2]), quantity }])
  })
  for (const group of batches.values()) {
    group.sort((a, b) => a.batch - b.batch)
    for (let at = 1; at < group.length; at++) {
      const [project, share] = [group[at - 1], group[at]]
      if (found.has(project.index) || share.batch !== project.batch + 1) continue
      if (share.quantity < project.quantity && share.quantity <= greatestShare * (project.quantity + share.quantity)) found.add(share.index)
    }
  }
  return found
}
