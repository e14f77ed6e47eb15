import { z } from 'zod'
import { freshnessState, pageParam, perPageParam, registryCode, timestamp } from './common'

/**
 * The matrix is sent compactly: sources once, then one row per project whose `ages` holds, in source order,
 * whole hours since that source last updated the project (null: never). A registry source that does not list
 * the project's registry is not applicable to it. States follow from age against the source's cadence:
 * fresh up to one cadence, stale beyond it.
 */
export const coverageQuery = z.object({
  project: z.array(z.string().max(40)).max(200).optional().meta({ description: 'Only these project keys' }),
  source: z.array(z.string().max(100)).max(50).optional(),
  type: z.array(z.string().max(200)).max(50).optional(),
  region: z.array(z.string().max(200)).max(50).optional(),
  state: freshnessState.optional().meta({ description: 'Keep projects with at least one cell in this state' }),
  sort: z.enum(['key', 'stalest']).default('key'),
  page: pageParam,
  per_page: perPageParam(20_000, 1000),
})
export type CoverageQuery = z.infer<typeof coverageQuery>

export const coverageSource = z.object({
  id: z.string(),
  name: z.string(),
  cadence_hours: z.int().positive(),
  registry: registryCode.nullable(),
  summary: z.object({ fresh: z.int().nonnegative(), stale: z.int().nonnegative(), missing: z.int().nonnegative() }),
})
export type CoverageSource = z.infer<typeof coverageSource>

export const coverageRow = z.object({
  key: z.string(),
  name: z.string(),
  registry: registryCode,
  type: z.string(),
  region: z.string(),
  ages: z.array(z.int().nonnegative().nullable()),
})
export type CoverageRow = z.infer<typeof coverageRow>

export const coverageMatrix = z
  .object({
    object: z.literal('coverage'),
    as_of: timestamp,
    sources: z.array(coverageSource),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    per_page: z.int().positive(),
    rows: z.array(coverageRow),
  })
  .meta({ id: 'CoverageMatrix' })
export type CoverageMatrix = z.infer<typeof coverageMatrix>

/** Freshness of one cell; shared by the server's filters and the app's heatmap so they cannot disagree. */
export function cellState(ageHours: number | null, cadenceHours: number): z.infer<typeof freshnessState> {
  if (ageHours === null) return 'missing'
  return ageHours <= cadenceHours ? 'fresh' : 'stale'
}

export function appliesTo(source: { registry: string | null }, row: { registry: string }): boolean {
  return source.registry === null || source.registry === row.registry
}
