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

function selectVocabulary(facets: ProjectFacets): BriefVocabulary {
  return {
    types: facets.facets.type,
    regions: facets.facets.region,
    coBenefits: [...facets.facets.co_benefit].sort(byVocabularyOrder),
    vintage: facets.vintage,
  }
}

/** The choices a brief offers are the ones the API publishes, each with how many projects carry it. */
export const useBriefVocabulary = () => useQuery({ ...facetsQuery(), select: selectVocabulary })
