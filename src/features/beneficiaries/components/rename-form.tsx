import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { beneficiaryName, type BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { Field } from '../../../components/field'
import { useBeneficiaryDecision } from '../api/use-beneficiary-decision'
import { decisionRefusal } from '../lib/decision-refusal'
import { DecisionPending } from './decision-pending'

const renameForm = z.object({ into: beneficiaryName })

/** Shows the beneficiary by another name; giving another beneficiary's name makes them one. */
export function RenameForm({ name, onDecided }: { name: string; onDecided: (decision: BeneficiaryDecision) => void }) {
  const form = useForm({ resolver: zodResolver(renameForm), defaultValues: { into: name } })
  const decide = useBeneficiaryDecision()
  const submit = form.handleSubmit(({ into }) =>
    decide.mutate(
      { kind: 'rename', name, into },
      {
        onSuccess: onDecided,
        onError: (error) => form.setError('into', { type: 'server', message: decisionRefusal(error) }, { shouldFocus: true }),
      },
    ),
  )
  return (
    <form className="beneficiary-form" noValidate onSubmit={submit} aria-label={`Rename ${name}`}>
      <Field label="Show it as" error={form.formState.errors.into?.message}>
        {(control) => <input {...control} {...form.register('into')} autoComplete="off" />}
      </Field>
      <button type="submit" disabled={decide.isPending}>
        Rename
      </button>
      <DecisionPending pending={decide.isPending} doing="Renaming" />
    </form>
  )
}
