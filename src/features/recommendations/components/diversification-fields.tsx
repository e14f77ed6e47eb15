import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { defaultMaxSharePerCountry, defaultMaxSharePerType, defaultShortlistSize } from '../../../api/contract/brief'
import { Field } from '../../../components/field'
import { FieldGroup } from '../../../components/field-group'
import { formatPercent } from '../../../lib/format'
import type { BriefFormValues } from '../lib/brief-form-schema'

interface DiversificationFieldsProps {
  register: UseFormRegister<BriefFormValues>
  errors: FieldErrors<BriefFormValues>
}

/** The portfolio's caps, in percent of the allocated budget, and how many projects; empty keeps the API's defaults. */
export function DiversificationFields({ register, errors }: DiversificationFieldsProps) {
  return (
    <FieldGroup
      legend="Diversification"
      className="diversification"
      hint="Optional shares of the money, in percent; an empty field keeps its default."
    >
      <div className="brief-grid">
        <Field
          label="Largest share per project type (%)"
          hint={`Default ${formatPercent(defaultMaxSharePerType)}; not applied when you choose a project type.`}
          error={errors.max_share_per_type?.message}
        >
          {(control) => <input {...control} {...register('max_share_per_type')} inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field
          label="Largest share per country (%)"
          hint={`Default ${formatPercent(defaultMaxSharePerCountry)}; not applied when you choose a region.`}
          error={errors.max_share_per_country?.message}
        >
          {(control) => <input {...control} {...register('max_share_per_country')} inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field
          label="Smallest share of removals (%)"
          hint="Default 0%. Projects that both reduce and remove (most improved forest management) do not count toward it. Held even where it leaves part of the budget unspent."
          error={errors.min_removal_share?.message}
        >
          {(control) => <input {...control} {...register('min_removal_share')} inputMode="decimal" autoComplete="off" />}
        </Field>
        {/* More projects spread the money wider: beside the caps. The page showed the size without a way to set it. */}
        <Field
          label="Shortlist size (projects)"
          hint={`Default ${defaultShortlistSize}, more if they cannot spend the budget.`}
          error={errors.shortlist_size?.message}
        >
          {(control) => <input {...control} {...register('shortlist_size')} inputMode="numeric" autoComplete="off" />}
        </Field>
      </div>
    </FieldGroup>
  )
}
