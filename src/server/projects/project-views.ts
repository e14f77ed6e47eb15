import { type ProjectFilters, type ProjectListQuery } from '../../api/contract/projects'
import { cellsOf, facetVocabulary, projectFacts, type ProjectFacts } from '../catalogue/catalogue'
import { projectFreshness } from '../catalogue/freshness'
import type { Catalogues } from '../catalogue/catalogues'
import { pricesOf } from './spot-prices'
import type { Dataset } from '../db/schema'
import { creditHistory } from './yearly-credits'
import { countFacets, pageOf, sortedPositions } from './project-search'
import type { BriefVocabulary } from './vocabulary'

/** A project of the list: its facts from the catalogue's columns, and how fresh its sources are. */
export interface ListedProject {
  facts: ProjectFacts
  freshness: ReturnType<typeof projectFreshness>
}

/**
 * The project browser as views over the catalogue: which projects a filter leaves, in which order, their
 * counts per facet value and their credits per year. A filtered page or the counts take milliseconds at 100,000
 * projects; a page's freshness is computed at the time of the request. Each sort order is computed once per
 * catalogue, when first asked for.
 */
export class ProjectViews {
  constructor(private readonly catalogues: Catalogues) {}

  /** Reads the catalogue of these datasets now, in the background, so the browser's first visitor does not wait. */
  warm(datasets: readonly Dataset[]): Promise<void> {
    return this.catalogues.warm(datasets)
  }

  /** One page of the list, in order: each project's facts and its freshness as of `now`, and the filtered total. */
  async page(dataset: Dataset, query: ProjectListQuery, now: Date): Promise<{ projects: ListedProject[]; total: number }> {
    const catalogue = await this.catalogues.get(dataset)
    const order = this.catalogues.derived(catalogue, `order:${query.sort}`, (c) => sortedPositions(c, query.sort))
    const { rows, total } = pageOf(catalogue, order, query)
    const nowMs = now.getTime()
    return { projects: rows.map((row) => ({ facts: projectFacts(catalogue, row), freshness: projectFreshness(cellsOf(catalogue, row), nowMs) })), total }
  }

  /** Prices by key, quoted or estimated, from the catalogue the browser and the shortlist read. */
  async prices(dataset: Dataset, projectKeys: string[]) {
    return pricesOf(await this.catalogues.get(dataset), projectKeys)
  }

  async facets(dataset: Dataset, filters: ProjectFilters) {
    return countFacets(await this.catalogues.get(dataset), filters)
  }

  async creditHistory(dataset: Dataset, filters: ProjectFilters) {
    return creditHistory(await this.catalogues.get(dataset), filters)
  }

  /** Every type and region some project has, to check a brief against without a query. */
  async vocabulary(dataset: Dataset): Promise<BriefVocabulary> {
    const catalogue = await this.catalogues.get(dataset)
    return this.catalogues.derived(catalogue, 'brief-vocabulary', (c) => ({
      type: new Set(facetVocabulary(c, 'type')),
      region: new Set(facetVocabulary(c, 'region')),
    }))
  }
}
