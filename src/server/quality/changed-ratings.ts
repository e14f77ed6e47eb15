import type { NewQualitySignal, ProjectRow } from '../db/schema'
import { qualitySignalsOfProjects } from '../db/queries/quality-signals'
import type { ScopedDb } from '../db/queries/scoped'
import type { RatingPlan } from './rerate'

/**
 * The part of a re-rate's plan that stores something new: the projects whose signals (any of them, as stored: value,
 * evidence, facts, citations, date) or composite read otherwise than the store holds. Rewriting all of them held
 * the embedded store for 4 s of a re-rate's transaction (77,100 signals of Berkeley's 10,975 projects), and requests that
 * needed the store meanwhile were answered 503; a re-rate whose facts have not moved since the last one changes
 * nothing, and now writes nothing. Read before the transaction: a project another run rates meanwhile keeps that
 * run's rating whole, signals and composite together.
 */
export async function changedRatings(db: ScopedDb, projects: readonly ProjectRow[], plan: RatingPlan): Promise<RatingPlan> {
  const stored = groupedByProject(await qualitySignalsOfProjects(db, plan.projectIds))
  const planned = groupedByProject(plan.signals)
  const before = new Map(projects.map((project) => [project.id, project]))
  const changed = new Set(
    plan.scores
      .filter(({ id, score, grade }) => {
        const project = before.get(id)
        return !project || storedScore(project.quality_score) !== storedScore(score) || project.quality_grade !== grade || planned.get(id) !== stored.get(id)
      })
      .map(({ id }) => id),
  )
  return {
    projectIds: plan.projectIds.filter((id) => changed.has(id)),
    signals: plan.signals.filter((signal) => changed.has(signal.project_id)),
    scores: plan.scores.filter(({ id }) => changed.has(id)),
    changed: plan.changed,
  }
}

/** The column is `real`: a planned score is compared as the store keeps it. */
const storedScore = (score: number | null) => (score === null ? null : Math.fround(score))

type SignalLike = Pick<NewQualitySignal, 'project_id' | 'signal' | 'value' | 'source' | 'evidence'> & {
  as_of: Date | string
  facts?: unknown
  citations?: readonly string[]
}

/** Each project's signals as one text, in the signals' order, read alike from a plan and from the store. */
function groupedByProject(signals: readonly SignalLike[]): Map<string, string> {
  const texts = new Map<string, string[]>()
  for (const signal of signals) {
    const text = JSON.stringify([
      signal.signal,
      Math.fround(signal.value),
      signal.source,
      new Date(signal.as_of).getTime(),
      signal.evidence,
      // jsonb keeps an array's order but not an object's keys': each fact is read as its name and value.
      factsOf(signal.facts).map((fact) => [fact.name, fact.value]),
      signal.citations ?? [],
    ])
    const held = texts.get(signal.project_id)
    if (held) held.push(text)
    else texts.set(signal.project_id, [text])
  }
  return new Map([...texts].map(([id, list]) => [id, list.sort().join('\n')]))
}

function factsOf(facts: unknown): { name: string; value: unknown }[] {
  const read = typeof facts === 'string' ? (JSON.parse(facts) as unknown) : facts
  return Array.isArray(read) ? (read as { name: string; value: unknown }[]) : []
}
