import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { creditKinds, creditListQuery } from '../../../api/contract/credits'
import { registryCode } from '../../../api/contract/common'
import { useSourcesById } from '../../../api/queries/sources'
import { Field } from '../../../components/field'
import { filterMessage, type CreditFilterName, type RefusedFilter } from '../lib/credits-search'
import { creditKindNames, registryNames } from '../../../api/project-labels'
import { formatDate } from '../../../lib/format'

export type CreditFilterValues = Record<CreditFilterName, string>

interface CreditFiltersProps {
  values: CreditFilterValues
  /** Filters the page's URL gave that cannot filter the records: each named under its field, its text kept. */
  refused?: Partial<Record<CreditFilterName, RefusedFilter>>
  onApply: (values: CreditFilterValues) => void
}

/**
 * The filters as a form: applied together on submit, so typing a name does not fire a request per letter. Each
 * value is checked by the contract's schema, and a bad one is named under its field while what was typed stays.
 */
export function CreditFilters({ values, refused, onApply }: CreditFiltersProps) {
  const { register, handleSubmit, setError, formState } = useForm<CreditFilterValues>({ defaultValues: values })
  const { errors } = formState
  // Only registries whose exports a source imports: Puro.earth was offered, held nothing, and "import a newer export"
  // could not help (its source reads no file yet).
  const sources = useSourcesById()
  const imported = sources && new Set([...sources.values()].flatMap((source) => (source.registry && source.accepts_files ? [source.registry] : [])))
  const registries = registryCode.options.filter((code) => imported === null || imported.has(code) || values.registry === code)
  // Set once: the page remounts the form for another URL, and a field corrected and applied is checked on submit.
  useEffect(() => {
    for (const [name, { message }] of Object.entries(refused ?? {}) as [CreditFilterName, RefusedFilter][]) setError(name, { message })
  }, [refused, setError])

  const submit = handleSubmit((typed) => {
    const given = Object.fromEntries(Object.entries(typed).map(([name, value]) => [name, value.trim()]).filter(([, value]) => value !== ''))
    const checked = creditListQuery.safeParse(given)
    const issues = checked.success ? [] : checked.error.issues
    for (const issue of issues) {
      const name = String(issue.path[0]) as CreditFilterName
      setError(name, { message: filterMessage(name, issue) })
    }
    // Days as YYYY-MM-DD compare as text. The API answers such a range with no record; the form says why instead, beside
    // what else is wrong, so one click names every field to mend.
    const daysRead = !issues.some((issue) => issue.path[0] === 'from' || issue.path[0] === 'to')
    const inverted = daysRead && given.from !== undefined && given.to !== undefined && given.to < given.from
    // The day as the app writes days: the field shows it in the browser's own way, never as YYYY-MM-DD.
    if (inverted) setError('to', { message: `On or after From (${formatDate(given.from)}); as typed, no record could match` })
    if (issues.length > 0 || inverted) return
    onApply(typed)
  })

  return (
    <form className="credit-filters card" onSubmit={submit} noValidate aria-label="Filter records">
      <Field label="Retired for (beneficiary)" hint="Any part of the name, or of what the registry wrote" error={errors.beneficiary?.message}>
        {(control) => <input {...control} {...register('beneficiary')} type="search" />}
      </Field>
      {/* An example as a hint, not a placeholder: grey "VCS1340" in the box read as a key already filled in. */}
      <Field label="Project key" hint="For example VCS1340" error={errors.project?.message}>
        {(control) => <input {...control} {...register('project')} />}
      </Field>
      <Field label="Kind" hint="Verra's retirements and cancellations are one kind, “Retired or cancelled”" error={errors.kind?.message}>
        {(control) => (
          <select {...control} {...register('kind')}>
            <option value="">Any</option>
            {creditKinds.map((kind) => (
              <option key={kind} value={kind}>
                {creditKindNames[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Registry" error={errors.registry?.message}>
        {(control) => (
          <select {...control} {...register('registry')}>
            <option value="">Any</option>
            {registries.map((code) => (
              // Named as every other page names it: the codes alone read "CCB" for Cercarbono, beside projects' CCB labels.
              <option key={code} value={code}>
                {registryNames[code]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Vintage" error={errors.vintage?.message}>
        {(control) => <input {...control} {...register('vintage')} inputMode="numeric" />}
      </Field>
      <Field label="From" error={errors.from?.message}>
        {(control) => <input {...control} {...register('from')} type="date" />}
      </Field>
      <Field label="To" error={errors.to?.message}>
        {(control) => <input {...control} {...register('to')} type="date" />}
      </Field>
      <div className="credit-filters-actions">
        <button type="submit" className="button-primary">
          Show records
        </button>
      </div>
    </form>
  )
}
