import type { ProjectCredits } from '../../api/contract/projects'
import { projectCreditGroups, topBeneficiaries } from '../db/queries/credits'
import type { ScopedDb } from '../db/queries/scoped'
import type { DatasetVersions } from '../db/dataset-versions'
import type { Dataset, ProjectRow } from '../db/schema'
import { projectCreditFigures, type CreditCount, type VintageBlock } from './credit-figures'

/**
 * The count a project's figures start from: Berkeley's totals as of its release, or a generated project's own;
 * none for a registry's new listing, whose figures are its records alone.
 */
function countOf(row: ProjectRow, origin: { id: string; as_of: Date } | null): CreditCount | null {
  const totals = { issued: Number(row.issued), retired: Number(row.retired), remaining: Number(row.remaining) }
  if (origin) return { ...totals, source: origin.id, asOf: origin.as_of }
  if (row.synthetic) return { ...totals, source: null, asOf: null }
  return null
}

/** A project's credit figures, per vintage, per source and by beneficiary (see credit-figures.ts). */
export async function projectCredits(db: ScopedDb, row: ProjectRow, origin: { id: string; as_of: Date } | null, blocks: readonly VintageBlock[]): Promise<ProjectCredits> {
  const count = countOf(row, origin)
  const [groups, beneficiaries] = await Promise.all([
    projectCreditGroups(db, row.key, count?.asOf ?? null),
    topBeneficiaries(db, { project: row.key, limit: 10 }),
  ])
  return projectCreditFigures(count, blocks, groups, beneficiaries)
}

/** How many projects' figures are kept per process: the pages people are looking at, not the catalogue. */
const keptProjects = 500

/**
 * A project's figures, read once per dataset version: they change only when a run applies records, and summing a
 * busy project's ten thousand records on every view would cost each view that sum. The newest views are kept.
 */
export class ProjectCreditsReader {
  private readonly kept = new Map<string, Promise<ProjectCredits>>()
  constructor(private readonly versions: DatasetVersions) {}

  read(db: ScopedDb, dataset: Dataset, row: ProjectRow, origin: { id: string; as_of: Date } | null, blocks: readonly VintageBlock[]): Promise<ProjectCredits> {
    const key = `${dataset}:${this.versions.get(dataset)}:${row.id}`
    const hit = this.kept.get(key)
    if (hit) {
      // Seen again: moved to the newest end, so the least recently viewed goes first.
      this.kept.delete(key)
      this.kept.set(key, hit)
      return hit
    }
    const value = projectCredits(db, row, origin, blocks)
    this.kept.set(key, value)
    value.catch(() => this.kept.delete(key))
    if (this.kept.size > keptProjects) this.kept.delete(this.kept.keys().next().value!)
    return value
  }
}
