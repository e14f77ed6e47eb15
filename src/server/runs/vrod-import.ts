import { upsertCoverage } from '../db/queries/coverage'
import { replaceCreditYears } from '../db/queries/credit-years'
import { deleteSyntheticProjects, upsertImportedProjects } from '../db/queries/projects'
import { replaceQualitySignals } from '../db/queries/quality-signals'
import { projectFactsByKey } from '../db/queries/run-reads'
import type { ImportTarget, ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewCoverage } from '../db/schema'
import { runCounts, type RunPlan } from './connector'
import { comparable, type RatedVrod } from './vrod-rate'
import { breathe } from './breathe'
import { rerateChangedLabels, rerateChangedStatuses, rerateFromRecords } from '../quality/rerate'

const ratingsSource = 'src_ratings'

export interface VrodImport {
  /** The projects rated where the file was read (`rateVrod`), restricted to the run's keys if it has any. */
  rated: RatedVrod
  /** The data's own date: every fact, its coverage and the signals rated from it carry it. */
  asOf: Date
  sourceId: string
}

/**
 * Plans an import of Berkeley's rated projects into a dataset: facts and yearly history as the file gives them,
 * dated by the file's as-of date; the quality signals rated from them (credence-rating/6); no price: a real
 * project is priced by the open reference estimate until someone quotes it. Applying it removes the dataset's
 * synthetic projects, so a catalogue never mixes generated and real projects.
 */
export async function planVrodImport(db: ScopedDb, dataset: Dataset, input: VrodImport): Promise<RunPlan> {
  const { rated, asOf, sourceId } = input
  const { projects } = rated
  const existing = new Map((await projectFactsByKey(db)).map((row) => [row.key, row]))
  let created = 0
  let updated = 0
  const coverage: NewCoverage[] = []
  const asOfText = asOf.toISOString()
  for (const [index, project] of projects.entries()) {
    // Requests in between are served, not left waiting.
    if (index % 2000 === 1999) await breathe()
    const before = existing.get(project.key)
    // A synthetic project with a real key is replaced, not updated: it was never this project.
    if (before === undefined || before.synthetic) created++
    else if (comparable(before) !== project.facts) updated++
    coverage.push({ project_id: project.id, source_id: sourceId, last_success_at: asOfText })
    if (project.rated) coverage.push({ project_id: project.id, source_id: ratingsSource, last_success_at: asOfText })
  }
  return {
    processed: projects.length,
    // Rows the file could not give, and keys the run asked for that it does not hold.
    counts: runCounts(
      { projects: { created, updated, unchanged: projects.length - created - updated } },
      { rows: rated.skipped.length, projects: rated.missingKeys },
    ),
    async apply(trx) {
      const target: ImportTarget = { db: trx, dataset }
      if (projects.length > 0) await deleteSyntheticProjects(trx)
      await upsertImportedProjects(target, rated.rows)
      const projectIds = projects.map((p) => p.id)
      await replaceCreditYears(target, projectIds, rated.creditYears)
      await replaceQualitySignals(target, projectIds, rated.signals)
      await upsertCoverage(target, coverage)
      // The file rates each project from its own facts. Where a registry's records issue a project it gives no yearly
      // series, or its listing is newer than this count, the project is rated again on them, as the registry's run
      // rated it (its rating's coverage is dated as above).
      await rerateFromRecords(trx, projectIds, asOf)
      await rerateChangedStatuses(trx, projectIds, asOf)
      await rerateChangedLabels(trx, projectIds, asOf)
    },
  }
}
