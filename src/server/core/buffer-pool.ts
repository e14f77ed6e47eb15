/**
 * The label a registry record carries when its credits are a buffer pool's, not the project's.
 * - Issued into the pool: Cercarbono's batches with `is_buffer` (serials ending `_BF`), Isometric's
 *   `buffer_pool_credit_batch_size`, ACR's `Credits Issued to Buffer Pool` and the Climate Action Reserve's `Offset
 *   Credits Currently in Reserve Buffer Pool` and `Offset Credits Intended for Compliance Buffer Pool`. They insure
 *   against reversals and are never for sale, so the figures count them as buffer, never as issued or remaining.
 * - Cancelled from it: the compliance buffer's share of a conversion to California's offsets, which ACR and the
 *   Reserve cancel beside the project's credits (importers/registry/buffer-cancellations.ts). Never the project's
 *   retired; the buffer stays what was deposited, as Berkeley counts it.
 * See docs/credit-figures.md.
 */
export const bufferPoolLabel = 'Buffer pool'

/** Whether a record issued its credits into a buffer pool: the same test as the store's `intoBufferPool`. */
export const isIntoBufferPool = (record: { kind: string; labels: readonly string[] | null }): boolean =>
  record.kind === 'issuance' && (record.labels ?? []).includes(bufferPoolLabel)
