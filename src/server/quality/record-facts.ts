import { labelNames } from '../../api/contract/vocabulary'
import type { RecordFacts } from '../db/queries/record-facts'
import { labelsOf } from '../importers/vrod-normalise'
import type { RatedProject } from './rules'

const knownLabels = new Set<string>(Object.values(labelNames))
/** Verra's issuance records write the CCP label without its "-Approved". */
const labelAliases: Record<string, string> = { 'ICVCM CCP': labelNames.ccp }

/** The labels of a project's records that the rules read, spelled as the vocabulary spells them. */
function knownLabelsOf(labels: readonly string[]): string[] {
  const found = new Set<string>()
  for (const label of labels) {
    for (const spelled of labelsOf(labelAliases[label.trim()] ?? label)) if (knownLabels.has(spelled)) found.add(spelled)
  }
  return [...found]
}

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
