import type { CreditRecord } from '../api/contract/credits'
import { creditKindNames } from '../api/project-labels'
import './credit-kind-cell.css'

/**
 * A record's kind and, under it, the labels its export gives it ("Buffer pool", "CORSIA First Phase"): a buffer
 * batch, which no figure counts as issued, reads apart from the project's own issuances wherever records are listed.
 * The labels are a list of marks of their own, and the words between them, unseen, keep the cell's text apart as it
 * is read aloud or copied ("Issuance; labels: Buffer pool"): run on after the kind, "Issuance Buffer pool" read as
 * a kind of issuance.
 */
export function CreditKindCell({ record }: { record: Pick<CreditRecord, 'kind' | 'labels'> }) {
  if (record.labels.length === 0) return creditKindNames[record.kind]
  const last = record.labels.length - 1
  return (
    <>
      {creditKindNames[record.kind]}
      <span className="visually-hidden">; labels: </span>
      <ul className="credit-labels">
        {record.labels.map((label, i) => (
          <li key={label}>
            {label}
            {i < last && <span className="visually-hidden">; </span>}
          </li>
        ))}
      </ul>
    </>
  )
}
