import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { ApiError } from '../../../api/client'
import { earliestVintage } from '../../../api/contract/common'
import type { Recommendation } from '../../../api/contract/recommendations'
import { Field } from '../../../components/field'
import { useCreateRecommendation } from '../api/use-create-recommendation'
import type { BriefVocabulary } from '../api/use-brief-vocabulary'
import { briefFieldMessage, briefFieldOf, briefResolver, type BriefFormValues } from '../lib/brief-form-schema'
import { CoBenefitChoices } from './co-benefit-choices'
import { DiversificationFields } from './diversification-fields'
import { FacetOptions } from './facet-options'
import { SubmitError } from './submit-error'
import { BudgetReadings } from './budget-readings'
import { readMoney } from '../lib/money-readings'
import { approaches } from '../../../api/contract/brief'
import { approachLabels } from '../lib/approach-labels'

interface BriefFormProps {
  vocabulary: BriefVocabulary
  defaultValues: BriefFormValues
  onCreated: (recommendation: Recommendation) => void
}

export function BriefForm({ vocabulary, defaultValues, onCreated }: BriefFormProps) {
  const form = useForm({ resolver: briefResolver, defaultValues })
  const { register, handleSubmit, setError, setValue, setFocus, getValues, formState } = form
  const { errors } = formState
  const create = useCreateRecommendation(onCreated)
  const [failure, setFailure] = useState<{ at: number; otherMessages: string[] } | null>(null)

  const submit = handleSubmit((brief) => {
    setFailure(null)
    create.mutate(brief, {
      onError: (error) => {
        const otherMessages: string[] = []
        if (error instanceof ApiError && error.status === 422) {
          error.fieldErrors.forEach((fieldError, index) => {
            const field = briefFieldOf(fieldError.path)
            if (field) setError(field, { type: 'server', message: briefFieldMessage(field, fieldError.message) }, { shouldFocus: index === 0 })
            else otherMessages.push(fieldError.message)
          })
        }
        setFailure({ at: Date.now(), otherMessages })
      },
    })
  })

  const coBenefitError = errors.co_benefits?.message ?? errors.co_benefits?.find?.((e) => e?.message)?.message
  const { vintage } = vocabulary
  // "Of the credits bought, 1990 or later … The catalogue's first vintages run 1996–2026" read as two rules.
  const vintageHint = `The oldest vintage to buy, ${earliestVintage} or later; empty for any.${
    vintage.min !== null && vintage.max !== null ? ` Projects' first vintages run ${vintage.min}–${vintage.max}.` : ''
  }`

  return (
    <form className="brief-form card" noValidate onSubmit={submit} aria-describedby="brief-form-intro">
      <p id="brief-form-intro" className="muted">
        Only the budget is required; leave a choice at “Any” to keep every project open.
      </p>
      <div className="brief-grid">
        {/* First in the grid, a row of its own (brief.css). */}
        <Field label="Project type" error={errors.type?.message}>
          {(control) => (
            <select {...control} {...register('type')}>
              <FacetOptions values={vocabulary.types} selected={defaultValues.type} />
            </select>
          )}
        </Field>
        <Field label="Region" error={errors.region?.message}>
          {(control) => (
            <select {...control} {...register('region')}>
              <FacetOptions values={vocabulary.regions} selected={defaultValues.region} />
            </select>
          )}
        </Field>
        <Field label="Approach" error={errors.approach?.message}>
          {(control) => (
            <select {...control} {...register('approach')}>
              <option value="">Any</option>
              {approaches.map((approach) => (
                <option key={approach} value={approach}>
                  {approachLabels[approach]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div>
          <Field label="Budget (USD)" hint="For example 250,000 or $250k" error={errors.budget_usd?.message}>
            {(control) => (
              <input {...control} {...register('budget_usd')} inputMode="decimal" autoComplete="off" required aria-required="true" />
            )}
          </Field>
          <BudgetReadings
            reading={errors.budget_usd ? readMoney(getValues('budget_usd')) : null}
            onChoose={(text) => {
              setValue('budget_usd', text, { shouldValidate: true })
              // The button that was pressed goes away with the error: focus returns to the field it filled.
              setFocus('budget_usd')
            }}
          />
        </div>
        <Field label="Minimum vintage" hint={vintageHint} error={errors.vintage_min?.message}>
          {(control) => <input {...control} {...register('vintage_min')} inputMode="numeric" autoComplete="off" />}
        </Field>
      </div>
      <CoBenefitChoices values={vocabulary.coBenefits} registration={register('co_benefits')} error={coBenefitError} />
      <DiversificationFields register={register} errors={errors} />
      <div className="form-actions">
        <button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          Get recommendations
        </button>
        <span role="status" className="muted">
          {create.isPending ? 'Ranking projects against your brief…' : ''}
        </span>
      </div>
      {create.isError && failure && (
        <SubmitError error={create.error} failedAt={failure.at} otherMessages={failure.otherMessages} />
      )}
    </form>
  )
}
