import type { NewQualitySignal, ProjectRow } from '../db/schema'
import { newestFactsOf } from '../db/queries/coverage'
import { storeQualityScores } from '../db/queries/projects'
import { qualitySignalsOfProjects, replaceQualitySignalsByColumn } from '../db/queries/quality-signals'
import {
  anyCreditRecord,
  anyListedStatus,
  creditDataYear,
  issuancesOf,
  projectsById,
  projectsRatedOnAnotherStatus,
  projectsWithCreditYears,
  projectsWithRecordedLabels,
} from '../db/queries/rating-reads'
import type { ScopedDb } from '../db/queries/scoped'
import { recordFactsByKey } from '../db/queries/record-facts'
import { compositeScore } from './composite'
import { withRecordFacts } from './record-facts'
import { rateCoBenefits, rateLabels, rateProject, rateStatus, type RatedProject } from './rules'

export interface RatingPlan {
  projectIds: string[]
  signals: NewQualitySignal[]
  scores: { id: string; score: number | null; grade: string | null }[]
  /** Projects whose composite score changed. */
  changed: number
}

/**
 * Rates stored projects from their facts, yearly credits included. Read through a transaction, it sees the
 * facts an import has just written, so an import re-rates what it changed before it commits. Each rating is dated
 * `ratedAt`, or where given, by the day of the facts it rated the project on (`factsOf`: a re-rate's, which brings
 * no newer facts; dated by when it ran, every signal read "as of" that day).
 */
export async function planRatings(db: ScopedDb, projects: readonly ProjectRow[], ratedAt: Date, factsOf?: ReadonlyMap<string, Date>): Promise<RatingPlan> {
  const ids = projects.map((p) => p.id)
  const [issuances, withSeries, dataYear] = await Promise.all([issuancesOf(db, ids), projectsWithCreditYears(db, ids), creditDataYear(db)])
  // A project Berkeley's yearly series do not cover is rated from its registry records, where it has any.
  const records = await recordFactsByKey(db, projects.filter((p) => !withSeries.has(p.id)).map((p) => p.key))
  // The year the data describes; only a dataset with no yearly series at all falls back to the clock.
  const asOfYear = dataYear ?? ratedAt.getUTCFullYear()
  const plan: RatingPlan = { projectIds: ids, signals: [], scores: [], changed: 0 }
  for (const project of projects) {
    const rated: RatedProject = withSeries.has(project.id)
      ? { ...project, issuances: issuances.get(project.id) ?? [] }
      : withRecordFacts({ ...project, issuances: undefined }, records.get(project.key.toUpperCase()))
    const signals = rateProject(rated, { ratedAt: factsOf?.get(project.id) ?? ratedAt, asOfYear })
    const composite = compositeScore(signals.map((s) => ({ key: s.signal, value: s.value })))
    if (composite.score !== project.quality_score) plan.changed++
    plan.signals.push(...signals)
    plan.scores.push({ id: project.id, score: composite.score, grade: composite.grade })
  }
  return plan
}

/**
 * Plans a re-rate of stored projects from the facts they hold. Each rating is as new as the facts it rated, as an
 * import dates the ratings it makes by its export's date: a re-rate brings no newer facts, and dated by when it ran,
 * its signals read "as of" that day and the open rating read "less than an hour ago" beside registries as old as its
 * facts. A generated project's facts are made up as it is, and its rating is dated `now`, as is a project no source
 * of facts covers. Answers the plan and each project's date.
 */
export async function planRerate(db: ScopedDb, projects: readonly ProjectRow[], now: Date): Promise<{ plan: RatingPlan; factsOf: Map<string, Date> }> {
  const factsOf = await newestFactsOf(db, projects.filter((p) => !p.synthetic).map((p) => p.id))
  return { plan: await planRatings(db, projects, now, factsOf), factsOf }
}

/** Replaces the rated projects' quality signals and stores their composite. */
export async function applyRatings(db: ScopedDb, plan: RatingPlan) {
  await replaceQualitySignalsByColumn(db, plan.projectIds, plan.signals)
  await storeQualityScores(db, plan.scores)
}

/** Re-rates the given projects inside the caller's transaction (an import's apply). */
export async function rerateProjects(db: ScopedDb, projectIds: readonly string[], ratedAt: Date): Promise<RatingPlan> {
  const plan = await planRatings(db, await projectsById(db, projectIds), ratedAt)
  await applyRatings(db, plan)
  return plan
}

/**
 * Rates, inside an import's transaction, the projects a registry's run covers that Berkeley's yearly series do not
 * (its new listings, made by this run or an earlier one): from their facts and the records just written, by the
 * same rules as every other project. Berkeley's projects keep the rating Berkeley's facts gave them.
 */
export async function rateRegistryListings(db: ScopedDb, projectIds: readonly string[], ratedAt: Date): Promise<RatingPlan> {
  const withSeries = await projectsWithCreditYears(db, projectIds)
  return rerateProjects(db, projectIds.filter((id) => !withSeries.has(id)), ratedAt)
}

/**
 * Rates again, inside an import of Berkeley's file, those of its projects it gives no yearly series that a registry's
 * records issue: the file rates them as never issued (CAR2251, listed, has issued since February 2026 by the
 * Reserve's export), and they are rated from the records, as the registry's run rated them (`rateRegistryListings`).
 */
export async function rerateFromRecords(db: ScopedDb, projectIds: readonly string[], ratedAt: Date): Promise<RatingPlan | null> {
  // A store without records (every first start) has nothing to rate from: looking cost a second over Berkeley's file.
  if (!(await anyCreditRecord(db))) return null
  const withSeries = await projectsWithCreditYears(db, projectIds)
  const unseried = await projectsById(db, projectIds.filter((id) => !withSeries.has(id)))
  const recorded = await recordFactsByKey(db, unseried.map((project) => project.key))
  const plan = await planRatings(db, unseried.filter((project) => recorded.has(project.key.toUpperCase())), ratedAt)
  await applyRatings(db, plan)
  return plan
}

/**
 * Rates again, inside an import's transaction, the status of those of the given projects whose registry-status signal
 * read a status they no longer read: a registry's listing newer than Berkeley's count sets it, and the rating follows,
 * as the catalogue and the project's page do. Only that signal is rated again, and the composite with it: the others
 * read facts the status does not change, and rating them again from the store could read them otherwise than the
 * file did (a project Berkeley lists with no yearly series would be rated from a registry's records). Returns the
 * projects rated again.
 */
export async function rerateChangedStatuses(db: ScopedDb, projectIds: readonly string[], ratedAt: Date): Promise<string[]> {
  // Without a listing's status every project reads its facts' own, as its rating did (0.8 s over Berkeley's file).
  if (!(await anyListedStatus(db))) return []
  const changed = await projectsRatedOnAnotherStatus(db, projectIds)
  if (changed.length === 0) return []
  const stored = new Map<string, NewQualitySignal[]>()
  for (const signal of await qualitySignalsOfProjects(db, changed)) stored.set(signal.project_id, [...(stored.get(signal.project_id) ?? []), signal])
  const signals: NewQualitySignal[] = []
  const scores: RatingPlan['scores'] = []
  for (const project of await projectsById(db, changed)) {
    const rated = [...(stored.get(project.id) ?? []).filter((signal) => signal.signal !== 'governance'), rateStatus(project, ratedAt)]
    const composite = compositeScore(rated.map((s) => ({ key: s.signal, value: s.value })))
    signals.push(...rated)
    scores.push({ id: project.id, score: composite.score, grade: composite.grade })
  }
  await replaceQualitySignalsByColumn(db, changed, signals)
  await storeQualityScores(db, scores)
  return changed
}

/**
 * Rates again, inside an import's transaction, those of the given projects whose labels or UN SDGs read otherwise
 * than when they were rated: a registry's records carry a label its listing or Berkeley's count does not (ART102's
 * credits are CORSIA eligible by ART's records), and its listing gives UN SDGs Berkeley's file leaves out (ACR586's
 * five). A label moves more than the labels signal (a CCP label raises the floor of additionality and
 * over-crediting), so each is rated whole, as `planRatings` rates it from the store. Returns the projects rated again.
 */
export async function rerateChangedLabels(db: ScopedDb, projectIds: readonly string[], ratedAt: Date): Promise<string[]> {
  const labelled = await projectsWithRecordedLabels(db, projectIds)
  if (labelled.length === 0) return []
  const stored = new Map<string, string>()
  for (const signal of await qualitySignalsOfProjects(db, labelled)) {
    if (signal.signal === 'labels' || signal.signal === 'co_benefits') stored.set(`${signal.project_id} ${signal.signal}`, signal.evidence)
  }
  const readsOtherwise = (project: ProjectRow) =>
    [rateLabels(project, ratedAt), rateCoBenefits(project, ratedAt)].some((signal) => stored.get(`${project.id} ${signal.signal}`) !== signal.evidence)
  const changed = (await projectsById(db, labelled)).filter(readsOtherwise)
  if (changed.length === 0) return []
  await applyRatings(db, await planRatings(db, changed, ratedAt))
  return changed.map((project) => project.id)
}
