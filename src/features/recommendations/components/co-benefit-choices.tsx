import type { UseFormRegisterReturn } from 'react-hook-form'
import type { FacetValue } from '../../../api/contract/facets'
import { FieldGroup } from '../../../components/field-group'
import { formatNumber } from '../../../lib/format'

interface CoBenefitChoicesProps {
  values: FacetValue[]
  registration: UseFormRegisterReturn<'co_benefits'>
  error?: string
}

/**
 * The benefits beyond carbon, then the UN SDGs projects list, apart: "Gender equality (1,713)" beside "UN SDG 5:
 * Gender Equality (18)" in one list left a buyer to guess which to tick. A goal counts under its theme too
 * (`sdgThemes` in api/co-benefits.ts).
 */
export function CoBenefitChoices({ values, registration, error }: CoBenefitChoicesProps) {
  const goals = values.filter((facet) => facet.value.startsWith('sdg_'))
  const choices = (listed: FacetValue[]) => (
    <ul className="choice-list">
      {listed.map((facet) => (
        <li key={facet.value}>
          <label className="choice">
            <input type="checkbox" value={facet.value} aria-invalid={error ? true : undefined} {...registration} />
            <span>
              {facet.label ?? facet.value} <span className="choice-count">({formatNumber(facet.count)})</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  )
  return (
    <FieldGroup
      legend="Co-benefits"
      hint="Projects with more of those you tick rank higher; one with none can still make it on quality and price. Each number counts the projects carrying it."
      error={error}
      className="co-benefit-choices"
    >
      {choices(values.filter((facet) => !goals.includes(facet)))}
      {goals.length > 0 && <p className="choice-caption">Or a UN SDG projects list:</p>}
      {choices(goals)}
    </FieldGroup>
  )
}
