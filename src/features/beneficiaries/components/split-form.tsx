import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import type { Beneficiary, BeneficiaryDecision } from '../../../api/contract/beneficiaries'
import { Field } from '../../../components/field'
import { formatNumber } from '../../../lib/format'
import { useBeneficiaryDecision } from '../api/use-beneficiary-decision'
import { decisionRefusal } from '../lib/decision-refusal'
import { DecisionPending } from './decision-pending'

interface SplitValues {
  spelling: string
  into: string
}

/** Takes one raw string out of this beneficiary: into a name of its own, another beneficiary's, or what the rules read in it. */
export function SplitForm({ beneficiary, onDecided }: { beneficiary: Beneficiary; onDecided: (decision: BeneficiaryDecision) => void }) {
  const first = beneficiary.spellings[0]?.text ?? ''
  const form = useForm<SplitValues>({ defaultValues: { spelling: first, into: '' } })
  const decide = useBeneficiaryDecision()
  // The chosen string is kept beside the form's own value, from its change: reading it with react-hook-form's
  // `useWatch` put that hook into the form library's chunk, which the home route loads (about 400 bytes).
  const [chosenText, setChosenText] = useState(first)
  const chosen = beneficiary.spellings.find((spelling) => spelling.text === chosenText)
  const submit = form.handleSubmit(({ spelling, into }) =>
    decide.mutate(
      { kind: 'split', spelling, ...(into.trim() ? { into: into.trim() } : {}) },
      {
        onSuccess: (decision) => {
          form.reset({ spelling: first, into: '' })
          setChosenText(first)
          onDecided(decision)
        },
        onError: (error) => form.setError('into', { type: 'server', message: decisionRefusal(error) }, { shouldFocus: true }),
      },
    ),
  )
  return (
    <form className="beneficiary-form" noValidate onSubmit={submit} aria-label={`Split a raw string out of ${beneficiary.name}`}>
      <Field label="Raw string to split out">
        {(control) => (
          <select {...control} {...form.register('spelling', { onChange: (event: ChangeEvent<HTMLSelectElement>) => setChosenText(event.target.value) })}>
            {beneficiary.spellings.map((spelling) => (
              <option key={`${spelling.field}:${spelling.text}`} value={spelling.text}>
                {spelling.text}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* A select cuts a long string at its width, and strings of one company share their first hundred characters: the
          one chosen is written out whole, with what it holds. */}
      {chosen && (
        <p className="split-chosen muted" aria-live="polite">
          Chosen: “{chosen.text}”, {formatNumber(chosen.records)} record{chosen.records === 1 ? '' : 's'}, {formatNumber(chosen.quantity)} credits.
        </p>
      )}
      <Field label="The name it names" hint="Leave empty for what the rules read in it" error={form.formState.errors.into?.message}>
        {(control) => <input {...control} {...form.register('into')} autoComplete="off" />}
      </Field>
      <button type="submit" disabled={decide.isPending}>
        Split out
      </button>
      <DecisionPending pending={decide.isPending} doing="Splitting it out" />
    </form>
  )
}
