import type { ProjectSummary } from '../../api/contract/projects'
import { cellsOf, projectFacts, type Catalogue } from '../catalogue/catalogue'
import { projectFreshness } from '../catalogue/freshness'
import { toProjectSummary } from '../present/project-summary'

/** A project of the list, from the catalogue's columns, its freshness as of `nowMs`. */
export const summaryOf = (catalogue: Catalogue, row: number, nowMs: number): ProjectSummary =>
  toProjectSummary(projectFacts(catalogue, row), projectFreshness(cellsOf(catalogue, row), nowMs))
