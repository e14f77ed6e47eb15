import { topBeneficiaryCount, type ProjectCredits } from '../../api/contract/projects'
import { projectCreditGroups, topBeneficiaries } from '../db/queries/credits'
import type { ScopedDb } from '../db/queries/scoped'
import type { ProjectRow } from '../db/schema'
import { projectCreditFigures, type CreditCount, type ListedTotalsOf, type OtherListing, type VintageBlock } from './credit-figures'

/**
 * The count a project's figures start from: Berkeley's totals as of its release, or a generated project's own;
 * none for a registry's new listing, whose figures are its records alone.
 */
export function countOf(row: ProjectRow, origin: { id: string; as_of: Date } | null): CreditCount | null {
  const totals = { issued: Number(row.issued), retired: Number(row.retired), remaining: Number(row.remaining) }
  if (origin) return { ...totals, source: origin.id, asOf: origin.as_of }
  if (row.synthetic) return { ...totals, source: null, asOf: null }
  return null
}

/**
 * A project's credit figures, per vintage, per source and by beneficiary (see credit-figures.ts). `hasRecords`: whether
 * the store holds any record of the project; without one, its records are not summed, there being none (a statement
 * each, on a store that answers one at a time, is most of what a page of Berkeley's costs).
 */
export async function projectCredits(
  db: ScopedDb,
  row: ProjectRow,
  origin: { id: string; as_of: Date } | null,
  blocks: readonly VintageBlock[],
  hasRecords: boolean,
  listed: readonly ListedTotalsOf[] = [],
  others: readonly OtherListing[] = [],
): Promise<ProjectCredits> {
  const count = countOf(row, origin)
  const [groups, beneficiaries] = hasRecords
    ? await Promise.all([projectCreditGroups(db, row.key, count?.asOf ?? null), topBeneficiaries(db, { project: row.key, limit: topBeneficiaryCount })])
    : [[], []]
  return projectCreditFigures(count, blocks, groups, beneficiaries, listed, others)
}
