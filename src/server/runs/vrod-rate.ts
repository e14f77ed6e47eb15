import type { VrodCreditYear, VrodProjects } from '../importers/vrod-normalise'
import { compositeScore } from '../quality/composite'
import { rateProject } from '../quality/rules'
import { jsonChunks, type JsonChunks } from '../db/queries/json-chunks'
import type { CopyChunks } from '../db/copy/copy-chunks'
import { creditYearChunks, signalChunks } from '../db/copy/project-rows'

/** What planning needs of a rated project on the request thread; its full row travels as JSON text. */
export interface RatedVrodProject {
  id: string
  key: string
  /** Its facts as `comparable` puts them, to tell an updated project from an unchanged one. */
  facts: string
  /** Whether the open rating found any signal for it (the ratings source covers it only then). */
  rated: boolean
}

/** The facts whose change makes an imported project count as updated. */
export const comparable = (p: Record<string, unknown>) =>
  JSON.stringify([p.name, p.registry, p.status, p.type, p.region, p.country, Number(p.issued), Number(p.retired), Number(p.remaining), p.vintage, p.labels])


/**
 * Berkeley's projects rated and ready to write: the CPU part of an import, done where the file was read (the
 * parsing worker, or the start-up seed). The many small rows (yearly history, signals) travel as text in
 * statement-sized chunks (COPY's lines; the projects' own rows, upserted, as JSON), which crosses threads as a copy
 * of bytes rather than a hundred thousand objects.
 */
export interface RatedVrod {
  projects: RatedVrodProject[]
  /** The projects' rows as they are written, quality included, dated by the data's as-of date. */
  rows: JsonChunks
  /** The projects' yearly history and signals as COPY lines: many small rows, which the store reads quicker so than as JSON. */
  creditYears: CopyChunks
  signals: CopyChunks
  /** How many of the file's rows could be read, whatever the run is restricted to. */
  readable: number
  /** How many of the keys a run was restricted to the file does not hold. */
  missingKeys: number
  skipped: VrodProjects['skipped']
}

/**
 * Rates the projects (restricted to `projectKeys`, upper-cased, when given) as of the data's own date, telling
 * `progress` every 500 projects.
 */
export function rateVrod(
  read: VrodProjects,
  asOf: Date,
  projectKeys: readonly string[] | null,
  progress: (processed: number, total: number) => void = () => {},
): RatedVrod {
  const wanted = projectKeys ? new Set(projectKeys) : null
  const projects = wanted ? read.projects.filter((p) => wanted.has(p.key.toUpperCase())) : read.projects
  const ids = new Set(projects.map((p) => p.id))
  const creditYears: VrodCreditYear[] = wanted ? read.creditYears.filter((y) => ids.has(y.project_id)) : read.creditYears
  const issuances = new Map<string, { year: number; issued: number }[]>()
  for (const y of creditYears) {
    const issued = Number(y.issued_in_year)
    if (!issued) continue
    const list = issuances.get(y.project_id) ?? []
    list.push({ year: y.year, issued })
    issuances.set(y.project_id, list)
  }
  // Ages in the rating count to the year the data describes, not to the day of the import.
  const asOfYear = asOf.getUTCFullYear()
  const signals = []
  const rated: RatedVrodProject[] = []
  const rows = []
  for (const [index, project] of projects.entries()) {
    if (index % 500 === 499) progress(index + 1, projects.length)
    const found = rateProject({ ...project, issuances: issuances.get(project.id) ?? [] }, { ratedAt: asOf, asOfYear })
    for (const signal of found) signals.push(signal)
    const quality = compositeScore(found.map((s) => ({ key: s.signal, value: s.value })))
    rows.push({ ...project, quality_score: quality.score, quality_grade: quality.grade, updated_at: asOf })
    rated.push({
      id: project.id,
      key: project.key,
      facts: comparable(project),
      rated: found.length > 0,
    })
  }
  return {
    projects: rated,
    rows: jsonChunks(rows),
    creditYears: creditYearChunks(creditYears),
    signals: signalChunks(signals),
    readable: read.projects.length,
    missingKeys: wanted ? wanted.size - projects.length : 0,
    skipped: read.skipped,
  }
}
