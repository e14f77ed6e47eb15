import * as z from 'zod/mini'
import { count, described, freshnessState, pageParam, perPageParam, positiveInt, registryCode, timestamp } from './common'

/**
 * The matrix is sent compactly: sources once, then one row per project whose `ages` holds, in source order,
 * whole hours since that source last updated the project (null: never). A registry source that does not list
 * the project's registry is not applicable to it. States follow from age against the source's cadence:
 * fresh up to one cadence, stale beyond it.
 */
const strings = (longest: number, most: number) => z.array(z.string().check(z.maxLength(longest))).check(z.maxLength(most))

export const coverageQuery = z.object({
  project: described(z.optional(strings(40, 200)), 'Only these project keys'),
  source: z.optional(strings(100, 50)),
  type: z.optional(strings(200, 50)),
  region: z.optional(strings(200, 50)),
  state: described(z.optional(freshnessState), 'Keep projects with at least one cell in this state'),
  sort: z._default(z.enum(['key', 'stalest']), 'key'),
  page: pageParam,
  per_page: perPageParam(20_000, 1000),
})
export type CoverageQuery = z.infer<typeof coverageQuery>

export const coverageSource = z.object({
  id: z.string(),
  name: z.string(),
  cadence_hours: positiveInt(),
  registry: z.nullable(registryCode),
  registries: described(
    z.nullable(z.array(registryCode)),
    "The registries whose projects it covers: a registry's source its own; Berkeley's database the five it holds (VCS, GS, CAR, ACR, ART), so an Isometric or Cercarbono project is not applicable to it; null for every project",
  ),
  summary: z.object({ fresh: count(), stale: count(), missing: count() }),
})
export type CoverageSource = z.infer<typeof coverageSource>

export const coverageRow = z.object({
  key: z.string(),
  name: z.string(),
  registry: registryCode,
  type: z.string(),
  region: z.string(),
  synthetic: described(z.boolean(), 'A generated project, not a real registry record'),
  ages: z.array(z.nullable(count())),
})
export type CoverageRow = z.infer<typeof coverageRow>

export const coverageMatrix = z
  .object({
    object: z.literal('coverage'),
    as_of: timestamp,
    sources: z.array(coverageSource),
    total: count(),
    page: positiveInt(),
    per_page: positiveInt(),
    rows: z.array(coverageRow),
  })
  .check(z.meta({ id: 'CoverageMatrix' }))
export type CoverageMatrix = z.infer<typeof coverageMatrix>

/** Freshness of one cell; shared by the server's filters and the app's heatmap so they cannot disagree. */
export function cellState(ageHours: number | null, cadenceHours: number): z.infer<typeof freshnessState> {
  if (ageHours === null) return 'missing'
  return ageHours <= cadenceHours ? 'fresh' : 'stale'
}

export function appliesTo(source: { registry: string | null; registries?: readonly string[] | null }, row: { registry: string }): boolean {
  if (source.registries) return source.registries.includes(row.registry)
  return source.registry === null || source.registry === row.registry
}
