import type { ProjectSummary } from '../../api/contract/projects'
import type { ProjectFacts } from '../catalogue/catalogue'

/**
 * A project as every list shows it, from its facts wherever they were read (the catalogue's columns for the
 * project list, a database row for one project's page): the one builder of the contract's ProjectSummary.
 */
export function toProjectSummary(facts: ProjectFacts, freshness: ProjectSummary['freshness']): ProjectSummary {
  return {
    id: facts.id,
    key: facts.key,
    name: facts.name,
    registry: facts.registry,
    status: facts.status,
    scope: facts.scope,
    type: facts.type,
    reduction_removal: facts.reductionRemoval,
    region: facts.region,
    country: facts.country,
    vintage: facts.vintage,
    credits: { ...facts.credits },
    labels: facts.labels,
    co_benefits: facts.coBenefits,
    quality: {
      score: facts.qualityScore === null ? null : Math.round(facts.qualityScore * 10) / 10,
      grade: facts.qualityGrade,
    },
    freshness,
    synthetic: facts.synthetic,
  }
}
