import type { FreshnessState } from '../../../api/contract/common'
import {
  appliesTo,
  cellState,
  type CoverageMatrix,
  type CoverageRow,
  type CoverageSource,
} from '../../../api/contract/coverage'

/**
 * What each cell is drawn as. Fresh and stale are split once more by how far into (or past) the cadence the
 * age is, so the map shows what is about to go stale and what is long overdue.
 */
export const CellClass = {
  notApplicable: 0,
  missing: 1,
  fresh: 2,
  dueSoon: 3,
  stale: 4,
  veryStale: 5,
} as const
export type CellClass = (typeof CellClass)[keyof typeof CellClass]

/** Past this many cadences a stale cell is drawn as long overdue. */
export const veryStaleCadences = 3

export function classify(ageHours: number | null, cadenceHours: number, applicable: boolean): CellClass {
  if (!applicable) return CellClass.notApplicable
  const state = cellState(ageHours, cadenceHours)
  if (state === 'missing' || ageHours === null) return CellClass.missing
  if (state === 'fresh') return ageHours <= cadenceHours / 2 ? CellClass.fresh : CellClass.dueSoon
  return ageHours > cadenceHours * veryStaleCadences ? CellClass.veryStale : CellClass.stale
}

export interface HeatmapModel {
  rows: CoverageRow[]
  sources: CoverageSource[]
  /** Row-major: the class of row r, source c is at `r * sources.length + c`. */
  classes: Uint8Array
  asOf: string
  /** Milliseconds it took to classify the cells; reported with the drawing time. */
  buildMs: number
}

/** Classifies every cell once, when the matrix arrives, so drawing and hit-testing only read bytes. */
export function buildHeatmapModel(matrix: Pick<CoverageMatrix, 'rows' | 'sources' | 'as_of'>): HeatmapModel {
  const started = performance.now()
  const { rows, sources } = matrix
  const width = sources.length
  const classes = new Uint8Array(rows.length * width)
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]
    const base = r * width
    for (let c = 0; c < width; c++) {
      const source = sources[c]
      classes[base + c] = classify(row.ages[c] ?? null, source.cadence_hours, appliesTo(source, row))
    }
  }
  return { rows, sources, classes, asOf: matrix.as_of, buildMs: performance.now() - started }
}

export const classAt = (model: HeatmapModel, row: number, column: number): CellClass =>
  model.classes[row * model.sources.length + column] as CellClass

export interface CellFacts {
  row: CoverageRow
  source: CoverageSource
  applicable: boolean
  state: FreshnessState | null
  ageHours: number | null
  /** When the source last updated the project: the matrix's time less the age. */
  updatedAt: string | null
  /**
   * The shade it is drawn in, where it is one ("long overdue", a stale cell past three cadences), read off the class the
   * model holds: the tooltip said "Stale" of a cell the legend called "Long overdue" in red.
   */
  shade: string | null
}

export function cellFacts(model: HeatmapModel, row: number, column: number): CellFacts {
  const project = model.rows[row]
  const source = model.sources[column]
  const applicable = appliesTo(source, project)
  const ageHours = project.ages[column] ?? null
  const updatedAt = ageHours === null ? null : new Date(Date.parse(model.asOf) - ageHours * 3_600_000).toISOString()
  return {
    row: project,
    source,
    applicable,
    state: applicable ? cellState(ageHours, source.cadence_hours) : null,
    ageHours,
    updatedAt,
    shade: shadeOfClass[classAt(model, row, column)] ?? null,
  }
}

/** The heatmap's two shades of a state, as its legend, tooltip and screen-reader sentence name them. */
export const shadeNames = { dueSoon: 'due soon', longOverdue: 'long overdue' } as const
const shadeOfClass: Partial<Record<CellClass, string>> = { [CellClass.dueSoon]: shadeNames.dueSoon, [CellClass.veryStale]: shadeNames.longOverdue }

/** Keys of the projects whose cell in one column is stale, in the map's order. */
export function staleKeys(model: HeatmapModel, column: number): string[] {
  const width = model.sources.length
  const stale: { key: string; age: number }[] = []
  for (let r = 0; r < model.rows.length; r++) {
    const value = model.classes[r * width + column]
    if (value === CellClass.stale || value === CellClass.veryStale) stale.push({ key: model.rows[r].key, age: model.rows[r].ages[column] ?? Infinity })
  }
  // Stalest first, so the first of them are what a run of a limited number of projects refreshes first.
  return stale.sort((a, b) => b.age - a.age).map((cell) => cell.key)
}

/**
 * What "Select stale cells" selects of a source: its stale projects, stalest first, as many as one run covers
 * (`limit`), and how many were stale when more were than that.
 */
export function staleSelection(model: HeatmapModel, column: number, limit: number): { keys: string[]; staleOf?: number } {
  const stale = staleKeys(model, column)
  return stale.length > limit ? { keys: stale.slice(0, limit), staleOf: stale.length } : { keys: stale }
}
