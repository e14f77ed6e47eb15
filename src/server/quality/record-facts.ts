import type { RecordFacts } from '../db/queries/record-facts'
import { knownLabelsOf } from '../importers/registry/known-labels'
import type { RatedProject } from './rules'

/**
 * A project that Berkeley's yearly series do not cover (a registry's new listing), with what its registry records
 * say: the issuance history they make (by year of issuance, as Berkeley's fourth block gives it), the credits
 * issued in all, what of it went into the registry's buffer pool, and the CCP, CORSIA and Article 6 labels its
 * batches carry. The rules then rate it exactly as
 * they rate Berkeley's projects from Berkeley's facts.
 */
export function withRecordFacts<P extends RatedProject>(project: P, facts: RecordFacts | undefined): P {
  if (!facts) return project
  const labels = [...new Set([...project.labels, ...knownLabelsOf(facts.labels)])]
  return {
    ...project,
    issued: Math.max(Number(project.issued) || 0, Math.round(facts.issued)),
    buffer: Math.max(Number(project.buffer) || 0, Math.round(facts.buffer)),
    labels,
    issuances: facts.issuances,
  }
}
