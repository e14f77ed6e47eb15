import * as z from 'zod/mini'
import { count } from './common'

/* Apart from the rest of the project contract: the brief, on the home route, needs these and nothing else. */
/** A value a filter can take; `label`, where it reads otherwise than the value (`sdg_13`: "UN SDG 13: Climate Action"). */
export const facetValue = z.object({ value: z.string(), count: count(), label: z.optional(z.string()) })
export type FacetValue = z.infer<typeof facetValue>
export const facetNames = ['type', 'scope', 'region', 'country', 'registry', 'status', 'label', 'co_benefit'] as const
export type FacetName = (typeof facetNames)[number]

/** For each filter, the values it can take under the other filters, with how many projects each yields. */
export const projectFacets = z
  .object({
    object: z.literal('facets'),
    total: count(),
    facets: z.object(
      Object.fromEntries(facetNames.map((n) => [n, z.array(facetValue)])) as Record<FacetName, z.ZodMiniArray<typeof facetValue>>,
    ),
    vintage: z.object({ min: z.nullable(z.int()), max: z.nullable(z.int()) }),
  })
  .check(z.meta({ id: 'ProjectFacets' }))
export type ProjectFacets = z.infer<typeof projectFacets>
