import type { FacetValue } from '../../../api/contract/facets'
import { formatNumber } from '../../../lib/format'

interface FacetOptionsProps {
  values: FacetValue[]
  /** A value already chosen (from a refined brief) stays choosable even if the vocabulary no longer lists it. */
  selected?: string
  label?: (value: string) => string
}

/** "Any" first, then each published value with how many projects carry it. */
export function FacetOptions({ values, selected, label = (value) => value }: FacetOptionsProps) {
  const missing = selected && !values.some((facet) => facet.value === selected) ? selected : null
  return (
    <>
      <option value="">Any</option>
      {values.map((facet) => (
        <option key={facet.value} value={facet.value}>
          {label(facet.value)} ({formatNumber(facet.count)})
        </option>
      ))}
      {missing && <option value={missing}>{label(missing)}</option>}
    </>
  )
}
