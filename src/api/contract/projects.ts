import { z } from 'zod'
import {
  freshnessState,
  pageOf,
  pageParam,
  perPageParam,
  projectKey,
  projectStatus,
  qualityGrade,
  reductionRemoval,
  registryCode,
  timestamp,
} from './common'

export const credits = z.object({
  issued: z.int().nonnegative(),
  retired: z.int().nonnegative(),
  remaining: z.int().nonnegative(),
  buffer: z.int().nonnegative().meta({ description: 'Buffer pool deposits, for impermanent removals' }),
})

export const qualitySummary = z.object({
  score: z.number().min(0).max(100).nullable().meta({ description: 'Composite score 0–100; null when no signal is known' }),
  grade: qualityGrade.nullable(),
})

export const projectSummary = z
  .object({
    id: z.string().meta({ example: 'prj_3f9a0c1d2b4e' }),
    key: projectKey,
    name: z.string(),
    registry: registryCode,
    status: projectStatus,
    scope: z.string(),
    type: z.string(),
    reduction_removal: reductionRemoval,
    region: z.string(),
    country: z.string(),
    vintage: z.int().nullable().meta({ description: 'First vintage year; null when the registry gives none' }),
    credits,
    labels: z.array(z.string()),
    co_benefits: z.array(z.string()),
    quality: qualitySummary,
    freshness: z.object({
      state: freshnessState.meta({ description: 'Worst state across the sources that cover this project' }),
      updated_at: timestamp.nullable().meta({ description: 'Most recent successful update from any source' }),
    }),
  })
  .meta({ id: 'ProjectSummary' })
export type ProjectSummary = z.infer<typeof projectSummary>

export const qualitySignalKey = z.enum([
  'additionality',
  'over_crediting',
  'leakage',
  'permanence',
  'mrv',
  'co_benefits',
  'governance',
  'labels',
])
export type QualitySignalKey = z.infer<typeof qualitySignalKey>

export const qualitySignal = z
  .object({
    key: qualitySignalKey,
    label: z.string(),
    status: z.enum(['present', 'missing']),
    value: z.number().min(0).max(1).nullable().meta({ description: '0 (high risk) to 1 (low risk); null when missing' }),
    weight: z.number().min(0).max(1),
    contribution: z.number().min(0).max(100).nullable().meta({ description: 'Points this signal adds to the composite' }),
    source: z.string().nullable(),
    as_of: timestamp.nullable(),
    evidence: z.string(),
  })
  .meta({ id: 'QualitySignal' })
export type QualitySignal = z.infer<typeof qualitySignal>

export const qualityBreakdown = z.object({
  score: z.number().min(0).max(100).nullable(),
  grade: qualityGrade.nullable(),
  method: z.string().meta({ description: 'How the composite was formed, in plain words' }),
  weights_present: z.number().min(0).max(1).meta({ description: 'Sum of the weights of the signals that are known' }),
  signals: z.array(qualitySignal),
})
export type QualityBreakdown = z.infer<typeof qualityBreakdown>

export const projectDetail = projectSummary
  .extend({
    object: z.literal('project'),
    methodology: z.string().nullable(),
    developer: z.string().nullable(),
    state: z.string().nullable(),
    website: z.string().nullable(),
    sdgs: z.array(z.int().min(1).max(17)),
    listed_at: z.string().nullable(),
    registered_at: z.string().nullable(),
    quality_breakdown: qualityBreakdown,
    updated_at: timestamp,
  })
  .meta({ id: 'Project' })
export type ProjectDetail = z.infer<typeof projectDetail>

export const projectSortKeys = [
  'key',
  'name',
  'registry',
  'status',
  'type',
  'scope',
  'region',
  'country',
  'vintage',
  'credits_remaining',
  'credits_issued',
  'quality_score',
  'updated_at',
] as const
export const projectSortKey = z.enum(projectSortKeys)
export type ProjectSortKey = z.infer<typeof projectSortKey>

/** `sort=-quality_score` sorts descending; ties are always broken by key, so the order is stable. */
export const projectSort = z
  .string()
  .regex(new RegExp(`^-?(${projectSortKeys.join('|')})$`), `sort is one of ${projectSortKeys.join(', ')}, with a leading - for descending`)
  .default('key')

const many = z.array(z.string().min(1).max(200)).max(50)

/** Filters shared by the list, the facets and the CSV export. Several values of one filter mean any of them. */
export const projectFilters = z.object({
  q: z.string().max(200).optional().meta({ description: 'Text search on key and name' }),
  type: many.optional(),
  scope: many.optional(),
  region: many.optional(),
  country: many.optional(),
  registry: z.array(registryCode).max(10).optional(),
  status: z.array(projectStatus).max(10).optional(),
  label: many.optional(),
  co_benefit: many.optional(),
  vintage_min: z.coerce.number().int().min(1900).max(2100).optional(),
})
export type ProjectFilters = z.infer<typeof projectFilters>

export const projectListQuery = projectFilters.extend({
  sort: projectSort,
  page: pageParam,
  per_page: perPageParam(200, 50),
})
export type ProjectListQuery = z.infer<typeof projectListQuery>
export const multiValueProjectParams = ['type', 'scope', 'region', 'country', 'registry', 'status', 'label', 'co_benefit'] as const

export const projectPage = pageOf(projectSummary).extend({ sort: z.string() }).meta({ id: 'ProjectPage' })
export type ProjectPage = z.infer<typeof projectPage>

export const facetValue = z.object({ value: z.string(), count: z.int().nonnegative() })
export type FacetValue = z.infer<typeof facetValue>
export const facetNames = ['type', 'scope', 'region', 'country', 'registry', 'status', 'label', 'co_benefit'] as const
export type FacetName = (typeof facetNames)[number]

/** For each filter, the values it can take under the other filters, with how many projects each yields. */
export const projectFacets = z
  .object({
    object: z.literal('facets'),
    total: z.int().nonnegative(),
    facets: z.object(Object.fromEntries(facetNames.map((n) => [n, z.array(facetValue)])) as Record<FacetName, z.ZodArray<typeof facetValue>>),
    vintage: z.object({ min: z.int().nullable(), max: z.int().nullable() }),
  })
  .meta({ id: 'ProjectFacets' })
export type ProjectFacets = z.infer<typeof projectFacets>
