import type { Kysely } from 'kysely'
import type { Database, Dataset } from '../db/schema'
import { scoped } from '../db/queries/scoped'
import type { DatasetVersions } from '../deps'
import { VersionedCache } from '../db/versioned-cache'

/** What ranking needs of a project that may be recommended, loaded once per dataset version. */
export interface Candidate {
  id: string
  key: string
  name: string
  registry: string
  type: string
  reductionRemoval: string
  region: string
  country: string
  vintage: number | null
  remaining: number
  qualityScore: number | null
  qualityGrade: string | null
  coBenefits: string[]
  labels: string[]
  synthetic: boolean
  price: { value: number; asOf: Date; source: string }
  /** Per covering source: when it last updated the project, and how often it should. */
  cells: { sourceName: string; lastSuccess: number; cadenceHours: number }[]
  /** The freshness last computed from the cells, and for when (see freshnessOf). */
  freshness?: { at: number; value: number }
}

async function loadPool(db: Kysely<Database>, dataset: Dataset): Promise<Candidate[]> {
  const s = scoped(db, dataset)
  const rows = await s
    .selectFrom('projects')
    .innerJoin('spot_prices', 'spot_prices.project_id', 'projects.id')
    .innerJoin('sources', 'sources.id', 'spot_prices.source_id')
    .select([
      'projects.id',
      'projects.key',
      'projects.name',
      'projects.registry',
      'projects.type',
      'projects.reduction_removal',
      'projects.region',
      'projects.country',
      'projects.vintage',
      'projects.remaining',
      'projects.quality_score',
      'projects.quality_grade',
      'projects.co_benefits',
      'projects.labels',
      'projects.synthetic',
      'spot_prices.value as price',
      'spot_prices.as_of as price_as_of',
      'sources.name as price_source',
    ])
    .where('projects.status', 'in', ['registered', 'completed'])
    .where('projects.remaining', '>', '0')
    .execute()
  const cells = await s
    .selectFrom('coverage')
    .innerJoin('sources', 'sources.id', 'coverage.source_id')
    .select(['coverage.project_id', 'coverage.last_success_at', 'sources.cadence_hours', 'sources.name'])
    .execute()
  const byProject = new Map<string, Candidate['cells']>()
  for (const cell of cells) {
    const list = byProject.get(cell.project_id) ?? []
    list.push({ sourceName: cell.name, lastSuccess: new Date(cell.last_success_at).getTime(), cadenceHours: cell.cadence_hours })
    byProject.set(cell.project_id, list)
  }
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    registry: r.registry,
    type: r.type,
    reductionRemoval: r.reduction_removal,
    region: r.region,
    country: r.country,
    vintage: r.vintage,
    remaining: Number(r.remaining),
    qualityScore: r.quality_score,
    qualityGrade: r.quality_grade,
    coBenefits: r.co_benefits,
    labels: r.labels,
    synthetic: r.synthetic,
    price: { value: r.price, asOf: new Date(r.price_as_of), source: r.price_source },
    cells: byProject.get(r.id) ?? [],
  }))
}

/**
 * Ranking reads the whole candidate pool; keeping it in memory per dataset version keeps a recommendation
 * well under its latency budget. A run that changes data bumps the version, and the next brief reloads.
 */
export class CandidatePools {
  private readonly pools: VersionedCache<Candidate[]>
  constructor(db: Kysely<Database>, versions: DatasetVersions) {
    this.pools = new VersionedCache(versions, (dataset) => loadPool(db, dataset))
  }

  get(dataset: Dataset): Promise<Candidate[]> {
    return this.pools.get(dataset)
  }
}
