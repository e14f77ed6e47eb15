import { useQuery } from '@tanstack/react-query'
import { facetsQuery } from '../../../api/queries/facets'
import { coBenefitVocabulary } from '../../../api/contract/vocabulary'
import type { FacetValue, ProjectFacets } from '../../../api/contract/facets'

export interface BriefVocabulary {
  types: FacetValue[]
  regions: FacetValue[]
  coBenefits: FacetValue[]
  vintage: ProjectFacets['vintage']
}

const vocabularyOrder = new Map<string, number>(coBenefitVocabulary.map((value, index) => [value, index]))

/** Themes first, then the SDGs in number order, as buyers think of them; unknown values last. */
function byVocabularyOrder(a: FacetValue, b: FacetValue) {
  return (vocabularyOrder.get(a.value) ?? Infinity) - (vocabularyOrder.get(b.value) ?? Infinity)
}

/**
 * `Unknown` is what the catalogue says where no rule maps a registry's type, or no table knows its country: a value
 * to browse by, never one to buy by, so the brief does not offer it.
 */
const known = (values: readonly FacetValue[]) => values.filter((facet) => facet.value !== 'Unknown')

function selectVocabulary(facets: ProjectFacets): BriefVocabulary {
  return {
    types: known(facets.facets.type),
    regions: known(facets.facets.region),
    coBenefits: [...facets.facets.co_benefit].sort(byVocabularyOrder),
    vintage: facets.vintage,
  }
}

/** The choices a brief offers are the ones the API publishes, each with how many projects carry it. */
export const useBriefVocabulary = () => useQuery({ ...facetsQuery(), select: selectVocabulary })
