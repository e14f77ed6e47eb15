import type { ProjectDetail } from '../../api/contract/projects'

/** A project as Berkeley's file states it: totals, and each vintage's issued and remaining. */
export interface FileProject {
  key: string
  issued: number
  retired: number
  remaining: number
  vintages: ReadonlyMap<number, { issued: number; remaining: number }>
}

export interface Reconciliation {
  /** Why the served figures are not the file's, one clause each; empty when they reconcile. */
  reasons: string[]
  /** Whether registry records dated after the file move the served figures (they are told apart, not a difference). */
  laterRecords: boolean
}

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 })
const n = (value: number) => numberFormat.format(value)
const differs = (a: number, b: number) => Math.abs(a - b) >= 0.5

/**
 * Holds what the API serves of a project to the file: the count it stands on is the file's, in total and per vintage
 * (issued, remaining, and retired as the rest); the vintages served add up to the totals served; and any change
 * since the file is a registry's record, named as such.
 */
export function reconcileProject(file: FileProject, served: ProjectDetail | null): Reconciliation {
  if (served === null) return { reasons: ['not served (404)'], laterRecords: false }
  const figures = served.credit_figures
  const reasons: string[] = []
  const counted = { issued: figures.issued.counted?.value, retired: figures.retired.counted?.value, remaining: figures.remaining.counted?.value }
  for (const measure of ['issued', 'retired', 'remaining'] as const) {
    const value = counted[measure]
    if (value === undefined) reasons.push(`no count of credits ${measure} (the file says ${n(file[measure])})`)
    else if (differs(value, file[measure])) reasons.push(`${measure} counted ${n(value)}, the file says ${n(file[measure])}`)
  }
  const servedVintages = new Map(figures.by_vintage.flatMap((v) => (v.vintage !== null && v.counted ? [[v.vintage, v.counted] as const] : [])))
  for (const [year, expected] of file.vintages) {
    const got = servedVintages.get(year)
    if (!got) reasons.push(`vintage ${year} missing (the file: ${n(expected.issued)} issued, ${n(expected.remaining)} remaining)`)
    else {
      if (differs(got.issued, expected.issued)) reasons.push(`vintage ${year} issued ${n(got.issued)}, the file says ${n(expected.issued)}`)
      if (differs(got.remaining, expected.remaining)) reasons.push(`vintage ${year} remaining ${n(got.remaining)}, the file says ${n(expected.remaining)}`)
    }
  }
  for (const year of servedVintages.keys()) if (!file.vintages.has(year)) reasons.push(`vintage ${year} counted, the file has none`)
  const unplaced = figures.by_vintage.find((v) => v.vintage === null && v.counted)
  if (unplaced) reasons.push(`${n(unplaced.counted!.issued)} issued and ${n(unplaced.counted!.remaining)} remaining of no vintage`)
  for (const measure of ['issued', 'retired', 'remaining'] as const) {
    const summed = figures.by_vintage.reduce((sum, v) => sum + v[measure], 0)
    if (figures.by_vintage.length > 0 && differs(summed, figures[measure].value)) reasons.push(`its vintages sum to ${n(summed)} ${measure}, its total is ${n(figures[measure].value)}`)
  }
  return { reasons, laterRecords: figures.issued.since.length + figures.retired.since.length > 0 }
}
