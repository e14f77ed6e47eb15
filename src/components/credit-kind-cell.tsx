import type { CreditRecord } from '../api/contract/credits'
import { creditKindNames } from '../api/project-labels'
import { CellNote } from './cell-note'

/**
 * A record's kind and, under it, the labels its export gives it ("Buffer pool", "CORSIA First Phase"): a buffer
 * batch, which no figure counts as issued, reads apart from the project's own issuances wherever records are listed.
 */
export function CreditKindCell({ record }: { record: Pick<CreditRecord, 'kind' | 'labels'> }) {
  if (record.labels.length === 0) return creditKindNames[record.kind]
  return (
    <>
      {creditKindNames[record.kind]}
      <CellNote>{record.labels.join('; ')}</CellNote>
    </>
  )
}
