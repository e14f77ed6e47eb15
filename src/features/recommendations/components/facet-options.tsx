import type { FacetValue } from '../../../api/contract/facets'
import { formatNumber } from '../../../lib/format'

interface FacetOptionsProps {
  values: FacetValue[]
  /** A value already chosen (from a refined brief) stays choosable even if the vocabulary no longer lists it. */
  selected?: string
}

/** "Any" first, then each published value, as the API labels it, with how many projects carry it. */
export function FacetOptions({ values, selected }: FacetOptionsProps) {
  const missing = selected && !values.some((facet) => facet.value === selected) ? selected : null
  return (
    <>
      <option value="">Any</option>
      {values.map((facet) => (
        <option key={facet.value} value={facet.value}>
          {facet.label ?? facet.value} ({formatNumber(facet.count)})
        </option>
      ))}
      {missing && <option value={missing}>{missing}</option>}
    </>
  )
}
