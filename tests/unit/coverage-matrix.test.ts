import { describe, expect, it } from 'vitest'
import { appliesTo, cellState, type CoverageQuery } from '../../src/api/contract/coverage'
import type { RegistryCode } from '../../src/api/contract/common'
import type { CoverageView } from '../../src/server/coverage/coverage-columns'
import { computeMatrix, withApplicableCells } from '../../src/server/coverage/matrix'

/** A small world as rows of projects, each with its sources' update times (NaN: never). */
interface CoverageSnapshot {
  sources: CoverageView['sources']
  projects: { key: string; name: string; registry: RegistryCode; type: string; region: string; updated: Float64Array }[]
}

/** The same world by column, as the catalogue holds it. */
function columnsOf(data: CoverageSnapshot): CoverageView {
  const view = {
    sources: data.sources,
    size: data.projects.length,
    key: data.projects.map((p) => p.key),
    name: data.projects.map((p) => p.name),
    registry: data.projects.map((p) => p.registry),
    type: data.projects.map((p) => p.type),
    region: data.projects.map((p) => p.region),
    synthetic: new Uint8Array(data.projects.length).fill(1),
    updated: data.sources.map((_, j) => Float64Array.from(data.projects, (p) => p.updated[j])),
  }
  return withApplicableCells(view)
}

/** A small random world: registry sources and global ones, cells never updated, fresh, stale and in the future. */
function randomSnapshot(seed: number, projects: number): CoverageSnapshot {
  let state = seed
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
  const registries: RegistryCode[] = ['VCS', 'GS', 'ACR', 'CAR']
  const sources = [
    ...registries.map((registry) => ({ id: `src_${registry}`, name: registry, cadence_hours: 24, registry, registries: [registry] })),
    // Berkeley's database, of some registries but not all.
    { id: 'src_vrod', name: 'Berkeley', cadence_hours: 2160, registry: null, registries: ['VCS', 'GS'] as RegistryCode[] },
    { id: 'src_ratings', name: 'Ratings', cadence_hours: 168, registry: null, registries: null },
    { id: 'src_market', name: 'Market', cadence_hours: 1, registry: null, registries: null },
  ]
  const now = Date.UTC(2026, 10, 22)
  return {
    sources,
    projects: Array.from({ length: projects }, (_, n) => ({
      key: `${registries[n % 4]}${1000 + n}`,
      name: `Project ${n}`,
      registry: registries[n % 4],
      type: random() < 0.5 ? 'Wind' : 'Cookstoves',
      region: random() < 0.5 ? 'Europe' : 'Asia',
      updated: Float64Array.from(sources, () => (random() < 0.2 ? NaN : now - random() * 400 * 3_600_000 + 3_600_000)),
    })),
  }
}

/** The matrix as the contract words it, computed the plain way. */
function reference(data: CoverageSnapshot, query: CoverageQuery, now: Date) {
  const columns = data.sources.filter((s) => !query.source || query.source.includes(s.id))
  const age = (updated: number) => (Number.isNaN(updated) ? null : Math.max(0, Math.floor((now.getTime() - updated) / 3_600_000)))
  let rows = data.projects
    .filter((p) => (!query.type || query.type.includes(p.type)) && (!query.region || query.region.includes(p.region)))
    .filter((p) => !query.project || query.project.some((k) => k.toUpperCase() === p.key.toUpperCase()))
    .map((p) => ({ p, ages: columns.map((s) => age(p.updated[data.sources.indexOf(s)])) }))
  const states = (row: (typeof rows)[number]) => columns.map((s, j) => (appliesTo(s, row.p) ? cellState(row.ages[j], s.cadence_hours) : null))
  if (query.state) rows = rows.filter((row) => states(row).includes(query.state!))
  if (query.sort === 'stalest') {
    const overdue = (row: (typeof rows)[number]) =>
      Math.max(0, ...columns.map((s, j) => (!appliesTo(s, row.p) ? 0 : row.ages[j] === null ? Number.MAX_SAFE_INTEGER : row.ages[j]! / s.cadence_hours)))
    rows = rows.map((row, k) => ({ row, k, o: overdue(row) })).sort((a, b) => b.o - a.o || a.k - b.k).map((x) => x.row)
  }
  const summary = (j: number, state: string) => rows.filter((row) => states(row)[j] === state).length
  return {
    total: rows.length,
    sources: columns.map((s, j) => ({ id: s.id, summary: { fresh: summary(j, 'fresh'), stale: summary(j, 'stale'), missing: summary(j, 'missing') } })),
    rows: rows.slice((query.page - 1) * query.per_page, query.page * query.per_page).map((row) => ({ key: row.p.key, ages: row.ages })),
  }
}

describe('the coverage matrix', () => {
  const data = randomSnapshot(7, 400)
  const now = new Date(Date.UTC(2026, 10, 22))
  const queries: Partial<CoverageQuery>[] = [
    {},
    { sort: 'stalest' },
    { state: 'stale', sort: 'stalest', page: 2, per_page: 25 },
    { state: 'missing', source: ['src_ratings', 'src_VCS'] },
    { state: 'fresh', type: ['Wind'], region: ['Asia'], sort: 'stalest' },
    { project: ['vcs1000', 'GS1001', 'CAR1003', 'NOPE1'], sort: 'stalest' },
    { source: ['src_market'], sort: 'stalest', per_page: 10, page: 3 },
    { state: 'missing', sort: 'stalest', per_page: 7, page: 4 },
  ]
  it.each(queries)('filters, counts, orders and pages as the contract says: %j', (partial) => {
    const query: CoverageQuery = { sort: 'key', page: 1, per_page: 1000, ...partial }
    const matrix = computeMatrix(columnsOf(data), query, now)
    const expected = reference(data, query, now)
    expect(matrix.total).toBe(expected.total)
    expect(matrix.sources.map((s) => ({ id: s.id, summary: s.summary }))).toEqual(expected.sources)
    expect(matrix.rows.map((row) => ({ key: row.key, ages: row.ages }))).toEqual(expected.rows)
  })
})

describe('the coverage matrix without filters, read from the cell index', () => {
  const data = randomSnapshot(11, 600)
  const view = columnsOf(data)
  // Instants on, just before and just after whole hours, and hours and weeks later, when every order has moved.
  const start = Date.UTC(2026, 10, 22)
  const instants = [start, start - 1, start + 1, start + 1_799_999, start + 3_600_000, start + 30 * 3_600_000 + 7, start + 400 * 3_600_000, start + 9_000 * 3_600_000]
  const pages: Partial<CoverageQuery>[] = [
    { sort: 'stalest' },
    { sort: 'stalest', per_page: 50, page: 3 },
    { sort: 'stalest', per_page: 97, page: 6 },
    { sort: 'stalest', per_page: 100, page: 7 },
    { per_page: 25, page: 2 },
  ]
  it.each(instants)('counts and orders as the full pass does at %d', (at) => {
    const now = new Date(at)
    for (const partial of pages) {
      const query: CoverageQuery = { sort: 'key', page: 1, per_page: 1000, ...partial }
      const matrix = computeMatrix(view, query, now)
      const expected = reference(data, query, now)
      expect(matrix.total).toBe(expected.total)
      expect(matrix.sources.map((s) => ({ id: s.id, summary: s.summary }))).toEqual(expected.sources)
      expect(matrix.rows.map((row) => ({ key: row.key, ages: row.ages }))).toEqual(expected.rows)
    }
  })

  // Two registry sources: the other registries' projects have no cell at all. Two hours before the updates
  // end, some cells are 0 hours old and tie with them; five hours after, none is.
  it.each([start - 2 * 3_600_000, start + 5 * 3_600_000])('places projects no source applies to among the freshest, in key order, at %d', (at) => {
    const registryOnly: CoverageSnapshot = { sources: data.sources.slice(0, 2), projects: data.projects.map((p) => ({ ...p, updated: p.updated.slice(0, 2) })) }
    const now = new Date(at)
    const query: CoverageQuery = { sort: 'stalest', page: 1, per_page: 1000 }
    const matrix = computeMatrix(columnsOf(registryOnly), query, now)
    const expected = reference(registryOnly, query, now)
    expect(matrix.rows.map((row) => row.key)).toEqual(expected.rows.map((row) => row.key))
    expect(matrix.sources.map((s) => s.summary)).toEqual(expected.sources.map((s) => s.summary))
  })
})
