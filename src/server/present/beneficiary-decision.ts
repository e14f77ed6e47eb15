import type { BeneficiaryDecision } from '../../api/contract/beneficiaries'
import type { BeneficiaryDecisionRow } from '../db/schema'

const quoted = (names: readonly string[]) => names.map((name) => `“${name}”`).join(' and ')

/** What a decision decided, in a sentence. */
export function decisionText(row: BeneficiaryDecisionRow): string {
  switch (row.kind) {
    case 'merge':
      return `Merged ${quoted(row.names)} as “${row.into_name ?? row.names[0]}”`
    case 'split':
      return `Split “${row.spelling}” out${row.names.length > 0 ? ` of ${quoted(row.names)}` : ''}${row.into_name ? ` as “${row.into_name}”` : ''}`
    case 'rename':
      return `Renamed ${quoted(row.names)} as “${row.into_name}”`
    case 'no_one':
      return `Marked ${quoted(row.names)} as naming no one`
  }
}

/** A stored (or, for the sandbox key, computed) decision as the contract shapes it. */
export function toBeneficiaryDecision(row: BeneficiaryDecisionRow, outcome: { recordsMoved: number; simulated: boolean }): BeneficiaryDecision {
  return {
    id: row.id,
    object: 'beneficiary_decision',
    kind: row.kind,
    names: row.names,
    spelling: row.spelling,
    into: row.into_name,
    text: decisionText(row),
    made_at: new Date(row.made_at).toISOString(),
    made_by: row.made_by,
    undone_at: row.undone_at === null ? null : new Date(row.undone_at).toISOString(),
    undone_by: row.undone_by,
    records_moved: outcome.recordsMoved,
    simulated: outcome.simulated,
  }
}
