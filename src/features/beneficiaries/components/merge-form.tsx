import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { beneficiaryName, type BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { creditQueries } from '../../../api/queries/credits'
import { Field } from '../../../components/field'
import { useBeneficiaryDecision } from '../api/use-beneficiary-decision'
import { decisionRefusal } from '../lib/decision-refusal'
import { DecisionPending } from './decision-pending'

const mergeForm = z.object({ other: beneficiaryName })

/** The longest word of a name, to suggest other beneficiaries that may be the same one ("Terpel" for "Organización Terpel"). */
const keyWord = (name: string) => [...name.split(/[^\p{L}\p{N}]+/u)].sort((a, b) => b.length - a.length)[0] ?? name

/** Merges another beneficiary into this one, suggesting names that share its longest word. */
export function MergeForm({ name, onDecided }: { name: string; onDecided: (decision: BeneficiaryDecision) => void }) {
  const form = useForm({ resolver: zodResolver(mergeForm), defaultValues: { other: '' } })
  const decide = useBeneficiaryDecision()
  const similar = useQuery(creditQueries.beneficiaries({ beneficiary: keyWord(name), limit: 20 }))
  const suggestions = (similar.data?.data ?? []).map((b) => b.name).filter((other) => other !== name)
  const listId = `merge-suggestions-${name.length}`
  const submit = form.handleSubmit(({ other }) =>
    decide.mutate(
      { kind: 'merge', names: [name, other], into: name },
      {
        onSuccess: (decision) => {
          form.reset()
          onDecided(decision)
        },
        onError: (error) => form.setError('other', { type: 'server', message: decisionRefusal(error) }, { shouldFocus: true }),
      },
    ),
  )
  return (
    <form className="beneficiary-form" noValidate onSubmit={submit} aria-label={`Merge another beneficiary into ${name}`}>
      <Field
        label="Beneficiary to merge into this one"
        hint={suggestions.length > 0 ? `Names that share “${keyWord(name)}” are suggested as you type.` : undefined}
        error={form.formState.errors.other?.message}
      >
        {(control) => <input {...control} {...form.register('other')} list={listId} autoComplete="off" />}
      </Field>
      <datalist id={listId}>
        {suggestions.map((other) => (
          <option key={other} value={other} />
        ))}
      </datalist>
      <button type="submit" disabled={decide.isPending}>
        Merge
      </button>
      <DecisionPending pending={decide.isPending} doing="Merging" />
    </form>
  )
}
