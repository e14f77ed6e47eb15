import { appliesTo, type CoverageMatrix, type CoverageQuery, type CoverageRow } from '../../api/contract/coverage'
import { ageHours } from '../catalogue/freshness'
import { cellIndex, indexedStalest, indexedSummary } from './cell-index'
import type { CoverageView } from './coverage-columns'
import { rangeOf, rowFilter, scanMatrix, stateBits } from './matrix-scan'

/** A view's derived parts: the rows each source applies to, and its cell index. */
export function withApplicableCells(view: Omit<CoverageView, 'applies' | 'index'>): CoverageView {
  const applies = applicableRows(view)
  return { ...view, applies, index: cellIndex({ ...view, applies }) }
}

/** The rows each source applies to: a registry source only to its registry's projects (the contract's appliesTo). */
export function applicableRows(view: Pick<CoverageView, 'sources' | 'size' | 'registry'>): (Int32Array | null)[] {
  return view.sources.map((source) => {
    if (source.registry === null && source.registries === null) return null
    const rows: number[] = []
    for (let r = 0; r < view.size; r++) if (appliesTo(source, { registry: view.registry[r] })) rows.push(r)
    return Int32Array.from(rows)
  })
}

/**
 * The matrix of one request: only the rows of the page asked for become objects. Rows keep key order, or go
 * stalest first (most cadences overdue, never-updated cells first, key order within a tie).
 */
export function computeMatrix(view: CoverageView, query: CoverageQuery, now: Date): Omit<CoverageMatrix, 'object'> {
  const wanted = query.source?.length ? new Set(query.source) : null
  const columns = view.sources.map((source, i) => ({ source, i })).filter(({ source }) => !wanted || wanted.has(source.id))
  const nowMs = now.getTime()
  const passes = rowFilter(view, query)
  const wantedState = query.state ? stateBits[query.state] : 0
  // The heatmap as it opens (every row, every source) is read from the index; a filtered one by a full pass.
  const { summaries, total, page } =
    passes === null && !wantedState && wanted === null ? indexedMatrix(view, query, nowMs) : scanMatrix(view, columns, passes, wantedState, query, nowMs)
  const rows: CoverageRow[] = page.map((r) => ({
    key: view.key[r],
    name: view.name[r],
    registry: view.registry[r],
    type: view.type[r],
    region: view.region[r],
    synthetic: view.synthetic[r] === 1,
    ages: columns.map(({ i }) => {
      const at = view.updated[i][r]
      return Number.isNaN(at) ? null : ageHours(at, nowMs)
    }),
  }))
  return {
    as_of: now.toISOString(),
    sources: columns.map(({ source }, j) => ({ ...source, summary: summaries[j] })),
    total,
    page: query.page,
    per_page: query.per_page,
    rows,
  }
}

/** Every row and every source, from the cell index: summaries by binary search, the stalest rows by a merge. */
function indexedMatrix(view: CoverageView, query: CoverageQuery, nowMs: number) {
  const start = (query.page - 1) * query.per_page
  const end = Math.min(view.size, start + query.per_page)
  return {
    summaries: view.sources.map((source, i) => indexedSummary(view.index, i, source.cadence_hours, nowMs)),
    total: view.size,
    page:
      query.sort === 'stalest'
        ? indexedStalest(view.index, view.sources.map((s) => s.cadence_hours), view.size, nowMs, start + query.per_page).slice(start)
        : rangeOf(start, end),
  }
}
