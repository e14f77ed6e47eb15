import { z } from 'zod'

/** ISO 8601 timestamp in UTC, as every time in the API is written. */
export const timestamp = z.iso.datetime({ offset: true }).meta({ example: '2026-11-01T09:30:00Z' })

/** Registry key of a project: the registry's own ID, e.g. `VCS191`, `GS337`. */
export const projectKey = z
  .string()
  .min(2)
  .max(40)
  .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'A project key is letters, digits, dot, dash or underscore, e.g. VCS191')
  .meta({ example: 'VCS191' })

export const registryCode = z.enum(['VCS', 'GS', 'CAR', 'ACR', 'ART', 'ISO', 'PURO'])
export type RegistryCode = z.infer<typeof registryCode>

export const projectStatus = z.enum(['pipeline', 'registered', 'completed', 'inactive'])
export type ProjectStatus = z.infer<typeof projectStatus>

export const reductionRemoval = z.enum(['reduction', 'mixed', 'impermanent_removal', 'long_duration_removal'])

export const qualityGrade = z.enum(['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D'])
export type QualityGrade = z.infer<typeof qualityGrade>

export const freshnessState = z.enum(['fresh', 'stale', 'missing'])
export type FreshnessState = z.infer<typeof freshnessState>

/** One page of a list, GitHub-style numbered pages with the total count. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    per_page: z.int().positive(),
  })
}

/** Query parameters arrive as strings; these coerce and bound them. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).default(1)
export const perPageParam = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback)
