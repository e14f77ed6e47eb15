import type { BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { beneficiaryDecisionsCsvPath } from '../../../api/queries/beneficiaries'
import { describeError } from '../../../api/error-message'
import { FileDownloadLink } from '../../../components/file-download-link'
import { formatDateTime } from '../../../lib/format'
import { useNavigate } from 'react-router-dom'
import { useUndoBeneficiaryDecision } from '../api/use-beneficiary-decision'
import type { BeneficiaryLinks } from '../lib/links'
import { DecisionPending } from './decision-pending'

/**
 * The analysts' decisions that shape this beneficiary, each undoable, and every decision as CSV. Undoing what gave
 * this page its name (a rename, or a merge under a new name) takes the name away: the page follows the records back
 * to the name they had.
 */
export function BeneficiaryDecisions({ name, decisions, links }: { name: string; decisions: readonly BeneficiaryDecision[]; links: BeneficiaryLinks }) {
  const undo = useUndoBeneficiaryDecision()
  const navigate = useNavigate()
  const undone = (decision: BeneficiaryDecision) => {
    const before = decision.names[0]
    if (decision.into === name && before !== undefined && before !== name) navigate(links.beneficiary(before), { replace: true })
  }
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
              <button type="button" onClick={() => undo.mutate(decision.id, { onSuccess: undone })} disabled={undo.isPending} aria-label={`Undo: ${decision.text}`}>
                Undo
              </button>
            </li>
          ))}
        </ul>
      )}
      <DecisionPending pending={undo.isPending} doing="Undoing the decision" />
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
