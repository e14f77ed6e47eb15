import type { BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { useBeneficiaryDecision } from '../api/use-beneficiary-decision'
import { decisionRefusal } from '../lib/decision-refusal'
import { DecisionPending } from './decision-pending'

/** Says the beneficiary's raw strings name no one (a reason or a period the rules took for a name). */
export function NamesNoOneForm({ name, onDecided }: { name: string; onDecided: (decision: BeneficiaryDecision) => void }) {
  const decide = useBeneficiaryDecision()
  return (
    <div className="beneficiary-form">
      <p>
        Is “{name}” a reason, a period or a placeholder rather than someone? Its records will name no one and it leaves the top retirers.
      </p>
      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ kind: 'no_one', name }, { onSuccess: onDecided })}>
        It names no one
      </button>
      <DecisionPending pending={decide.isPending} doing="Naming no one" />
      {decide.isError && (
        <p role="alert" className="field-error">
          {decisionRefusal(decide.error)}
        </p>
      )}
    </div>
  )
}
