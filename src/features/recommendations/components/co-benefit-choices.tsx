import type { UseFormRegisterReturn } from 'react-hook-form'
import type { FacetValue } from '../../../api/contract/facets'
import { FieldGroup } from '../../../components/field-group'
import { formatNumber } from '../../../lib/format'

interface CoBenefitChoicesProps {
  values: FacetValue[]
  registration: UseFormRegisterReturn<'co_benefits'>
  error?: string
}

export function CoBenefitChoices({ values, registration, error }: CoBenefitChoicesProps) {
  return (
    <FieldGroup
      legend="Co-benefits"
      hint="Projects that bring more of the benefits beyond carbon you tick rank higher; one that brings none can still make the shortlist on quality and price. The number is how many projects carry each."
      error={error}
      className="co-benefit-choices"
    >
      <ul className="choice-list">
        {values.map((facet) => (
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
    </FieldGroup>
  )
}
