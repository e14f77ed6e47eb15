import type { BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { beneficiaryDecisionsCsvPath } from '../../../api/queries/beneficiaries'
import { describeError } from '../../../api/error-message'
import { FileDownloadLink } from '../../../components/file-download-link'
import { formatDateTime } from '../../../lib/format'
import { useUndoBeneficiaryDecision } from '../api/use-beneficiary-decision'

/** The analysts' decisions that shape this beneficiary, each undoable, and every decision as CSV. */
export function BeneficiaryDecisions({ decisions }: { decisions: readonly BeneficiaryDecision[] }) {
  const undo = useUndoBeneficiaryDecision()
  return (
    <section className="card" aria-labelledby="beneficiary-decisions-title">
      <h2 id="beneficiary-decisions-title">Analysts’ decisions</h2>
      {decisions.length === 0 ? (
        <p className="muted">No decision concerns this name: it is as the rules read it.</p>
      ) : (
        <ul className="beneficiary-decision-list">
          {decisions.map((decision) => (
            <li key={decision.id}>
              <span>
                {decision.text}, {formatDateTime(decision.made_at)} <span className="muted">({decision.id})</span>
              </span>
              <button type="button" onClick={() => undo.mutate(decision.id)} disabled={undo.isPending} aria-label={`Undo: ${decision.text}`}>
                Undo
              </button>
            </li>
          ))}
        </ul>
      )}
      {undo.isError && (
        <p role="alert" className="field-error">
          The decision was not undone: {describeError(undo.error).detail}
        </p>
      )}
      <p>
        <FileDownloadLink path={beneficiaryDecisionsCsvPath()} fallbackName="credence-beneficiary-decisions.csv" what="The decisions' CSV">
          Every decision as CSV
        </FileDownloadLink>
      </p>
    </section>
  )
}
