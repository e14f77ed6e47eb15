import { priceFor } from '../data/prices'
import type { Rng } from '../data/random'
import {
  deleteSyntheticProjects,
  insertMissingPrices,
  pricedProjectIds,
  projectFactsByKey,
  replaceCreditYears,
  replaceQualitySignals,
  upsertCoverage,
  upsertImportedProjects,
  type ImportTarget,
} from '../db/queries/imports'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewCoverage, NewQualitySignal, NewSpotPrice } from '../db/schema'
import type { VrodProjects } from '../importers/vrod-normalise'
import { compositeScore } from '../quality/composite'
import { rateProject } from '../quality/rules'
import type { RunPlan } from './connector'
import { breathe } from './write'

const comparable = (p: Record<string, unknown>) =>
  JSON.stringify([p.name, p.registry, p.status, p.type, p.region, p.country, Number(p.issued), Number(p.retired), Number(p.remaining), p.vintage, p.labels])

const marketSource = 'src_marketsource'
const ratingsSource = 'src_ratings'

/** Projects a market would quote: issued credits on a project that is not in the pipeline or inactive. */
const tradable = (p: { status: string; issued: number }) => p.issued > 0 && (p.status === 'registered' || p.status === 'completed')

export interface VrodImport {
  read: VrodProjects
  /** The data's own date: every fact, its coverage and the signals rated from it carry it. */
  asOf: Date
  sourceId: string
  /** Upper-cased keys the run is restricted to, or null for the whole file. */
  projectKeys: string[] | null
  rng: Rng
  /** Told how many projects are rated so far, every few hundred, so a run's progress can be followed. */
  progress?: (processed: number, total: number) => Promise<void>
}

/**
 * Plans an import of Berkeley's projects into a dataset: facts and yearly history as the file gives them, dated
 * by the file's as-of date; quality signals computed from those facts by the open rating (credence-rating/2);
 * simulated prices for tradable projects that have none. Applying it removes the dataset's synthetic projects,
 * so a catalogue never mixes generated and real projects.
 */
export async function planVrodImport(db: ScopedDb, dataset: Dataset, input: VrodImport): Promise<RunPlan> {
  const { read, asOf, sourceId, projectKeys, rng } = input
  const wanted = projectKeys ? new Set(projectKeys) : null
  const projects = wanted ? read.projects.filter((p) => wanted.has(p.key.toUpperCase())) : read.projects
  const ids = new Set(projects.map((p) => p.id))
  const creditYears = wanted ? read.creditYears.filter((y) => ids.has(y.project_id)) : read.creditYears

  const existing = new Map((await projectFactsByKey(db)).map((row) => [row.key, row]))
  const priced = await pricedProjectIds(db)
  let created = 0
  let updated = 0
  const signals: NewQualitySignal[] = []
  const prices: NewSpotPrice[] = []
  const coverage: NewCoverage[] = []
  const asOfText = asOf.toISOString()
  // Ages in the rating count to the year the data describes, not to the day of the import.
  const asOfYear = asOf.getUTCFullYear()
  const issuances = new Map<string, { year: number; issued: number }[]>()
  for (const y of creditYears) {
    const issued = Number(y.issued_in_year)
    if (!issued) continue
    const list = issuances.get(y.project_id) ?? []
    list.push({ year: y.year, issued })
    issuances.set(y.project_id, list)
  }
  const rows: object[] = []
  for (const [index, project] of projects.entries()) {
    // Rating ten thousand projects takes a while: requests in between are served, not left waiting, and the
    // run's progress moves.
    if (index % 500 === 499) {
      await breathe()
      await input.progress?.(index + 1, projects.length)
    }
    const before = existing.get(project.key)
    // A synthetic project with a real key is replaced, not updated: it was never this project.
    if (before === undefined || before.synthetic) created++
    else if (comparable(before) !== comparable(project)) updated++
    // Rated from the facts being imported, yearly issuances included, and written in the import's transaction.
    const rated = rateProject({ ...project, issuances: issuances.get(project.id) ?? [] }, { ratedAt: asOf, asOfYear })
    for (const signal of rated) signals.push(signal)
    const quality = compositeScore(rated.map((s) => ({ key: s.signal, value: s.value })))
    coverage.push({ project_id: project.id, source_id: sourceId, last_success_at: asOfText })
    if (rated.length > 0) coverage.push({ project_id: project.id, source_id: ratingsSource, last_success_at: asOfText })
    const graded = { ...project, quality_score: quality.score, quality_grade: quality.grade }
    if ((before?.synthetic || !priced.has(project.id)) && tradable(project)) {
      prices.push({ project_id: project.id, value: priceFor(graded, rng.fork(`price:${project.key}`)), as_of: asOfText, source_id: marketSource })
      coverage.push({ project_id: project.id, source_id: marketSource, last_success_at: asOfText })
    }
    rows.push({ ...graded, updated_at: asOfText })
  }
  const skipped = read.skipped.length + (wanted ? wanted.size - projects.length : 0)
  return {
    processed: projects.length,
    counts: { created, updated, unchanged: projects.length - created - updated, skipped },
    async apply(trx) {
      const target: ImportTarget = { db: trx, dataset }
      if (projects.length > 0) await deleteSyntheticProjects(trx)
      await upsertImportedProjects(target, rows)
      const projectIds = [...ids]
      await replaceCreditYears(target, projectIds, creditYears)
      await replaceQualitySignals(target, projectIds, signals)
      await insertMissingPrices(target, prices)
      await upsertCoverage(target, coverage)
    },
  }
}
