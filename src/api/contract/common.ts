import { en } from 'zod/locales'
import * as z from 'zod/mini'

/*
 * The contract is written in zod's tree-shakable "mini" form: the app ships only the validators it uses,
 * which keeps the home route inside its JavaScript budget. The schemas are the same ones the server checks.
 */

// The mini form carries no messages of its own; the English ones are what the app and the API's 422s show.
z.config(en())

/** ISO 8601 timestamp in UTC, as every time in the API is written. */
export const timestamp = z.iso.datetime({ offset: true }).check(z.meta({ example: '2026-11-01T09:30:00Z' }))

/** What a project key is, in words: the contract's check, the app's forms and the API's problems all say this. */
export const projectKeyRule = 'A key is 2 to 40 characters, a letter and then letters, digits, dots, dashes or underscores, e.g. VCS191'

/** Registry key of a project: the registry's own ID, e.g. `VCS191`, `GS337`. */
export const projectKey = z
  .string()
  .check(
    z.minLength(2),
    z.maxLength(40),
    z.regex(/^[A-Za-z][A-Za-z0-9._-]*$/, projectKeyRule),
    z.meta({ example: 'VCS191' }),
  )

export const registryCode = z.enum(['VCS', 'GS', 'CAR', 'ACR', 'ART', 'ISO', 'PURO', 'CCB'])
export type RegistryCode = z.infer<typeof registryCode>

export const projectStatus = z.enum(['pipeline', 'registered', 'completed', 'inactive'])
export type ProjectStatus = z.infer<typeof projectStatus>

export const reductionRemoval = z.enum(['reduction', 'mixed', 'impermanent_removal', 'long_duration_removal'])
export type ReductionRemoval = z.infer<typeof reductionRemoval>

export const qualityGrade = z.enum(['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'C', 'D'])
export type QualityGrade = z.infer<typeof qualityGrade>

export const freshnessState = z.enum(['fresh', 'stale', 'missing'])
export type FreshnessState = z.infer<typeof freshnessState>

/** A count: a whole number, zero or more. */
export const count = () => z.int().check(z.nonnegative())
/** A whole number of one or more. */
export const positiveInt = () => z.int().check(z.positive())
/** A number within [min, max]. */
export const between = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max))
/** Adds documentation to a schema, for the OpenAPI document. */
export const described = <T extends z.ZodMiniType>(schema: T, description: string) => schema.check(z.meta({ description }))

/** One page of a list, GitHub-style numbered pages with the total count. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    total: count(),
    page: positiveInt(),
    per_page: positiveInt(),
  })
}

/** Query parameters arrive as strings; these coerce and bound them. */
export const pageParam = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1)
export const perPageParam = (max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(max)), fallback)

/** The earliest vintage a brief or a filter may ask for: the voluntary market's first registries. */
export const earliestVintage = 1990

/**
 * The bounds of a minimum vintage, the same for a brief and for the projects' filter: a year from the earliest
 * vintage up to this one (a vintage not yet begun has no credits).
 */
export const minimumVintageChecks = () =>
  [
    z.gte(earliestVintage, `The minimum vintage is ${earliestVintage} or later`),
    z.refine<number>((year) => year <= new Date().getUTCFullYear(), { message: 'The minimum vintage cannot be in the future' }),
  ] as const
