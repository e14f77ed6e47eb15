import type { Beneficiary } from '../../api/contract/beneficiaries'
import { retiredForByProject, retiredForByYear, spellingsRetiredFor } from '../db/queries/beneficiary-credits'
import { decisionsInForce } from '../db/queries/beneficiary-decisions'
import { isResolvedName } from '../db/queries/beneficiary-spellings'
import type { ScopedDb } from '../db/queries/scoped'
import type { BeneficiaryDecisionRow } from '../db/schema'

/** A beneficiary's page as the store has it: the figures and raw strings, and the decisions in force that concern it. */
export interface BeneficiaryPage {
  beneficiary: Omit<Beneficiary, 'decisions'>
  decisions: BeneficiaryDecisionRow[]
}

/**
 * A beneficiary's page: what was retired for it in all, per year, per project and registry, the raw strings that
 * resolved to it and the decisions that concern it. Null when no raw string resolves to the name.
 */
export async function beneficiaryPage(db: ScopedDb, name: string): Promise<BeneficiaryPage | null> {
  if (!(await isResolvedName(db, name))) return null
  const byProject = await retiredForByProject(db, name)
  const byYear = await retiredForByYear(db, name)
  const spellings = await spellingsRetiredFor(db, name)
  const decisions = (await decisionsInForce(db)).filter((decision) => decision.names.includes(name) || decision.into_name === name)
  const dates = byProject.flatMap((project) => [project.first_date, project.last_date]).filter((date) => date !== null).sort()
  const beneficiary: BeneficiaryPage['beneficiary'] = {
    object: 'beneficiary',
    name,
    quantity: byProject.reduce((sum, project) => sum + project.quantity, 0),
    records: byProject.reduce((sum, project) => sum + project.records, 0),
    projects: new Set(byProject.map((project) => project.project_key.toUpperCase())).size,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    by_year: byYear,
    by_project: byProject.map((project) => ({
      project_key: project.project_key,
      project_name: project.project_name,
      registry: project.registry,
      quantity: project.quantity,
      records: project.records,
    })),
    spellings: spellings.map((spelling) => ({
      text: spelling.spelling,
      field: spelling.field,
      rules_name: spelling.rules_name,
      why: spelling.why,
      records: spelling.records,
      quantity: spelling.quantity,
    })),
  }
  return { beneficiary, decisions }
}
