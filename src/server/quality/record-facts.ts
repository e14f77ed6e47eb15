import type { RecordFacts } from '../db/queries/record-facts'
import type { RatedProject } from './rules'

/**
 * A project that Berkeley's yearly series do not cover (a registry's new listing), with what its registry records
 * say: the issuance history they make (by year of issuance, as Berkeley's fourth block gives it), the credits
 * issued in all, and what of it went into the registry's buffer pool. The labels its batches carry it reads already,
 * as every project does (`currentLabels`). The rules then rate it exactly as they rate Berkeley's projects from
 * Berkeley's facts.
 */
export function withRecordFacts<P extends RatedProject>(project: P, facts: RecordFacts | undefined): P {
  if (!facts) return project
  return {
    ...project,
    issued: Math.max(Number(project.issued) || 0, Math.round(facts.issued)),
    buffer: Math.max(Number(project.buffer) || 0, Math.round(facts.buffer)),
    issuances: facts.issuances,
  }
}
