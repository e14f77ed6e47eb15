import * as z from 'zod/mini'
import { described } from './common'

/** RFC 9457 problem details; every non-2xx answer of the API has this body. */
export const fieldError = z.object({
  path: described(z.string(), 'Dotted path of the offending field, e.g. `co_benefits.2`'),
  message: z.string(),
})
export type FieldError = z.infer<typeof fieldError>

export const problem = z
  .object({
    type: z.string().check(z.meta({ example: 'https://credence.example/problems/validation' })),
    title: z.string(),
    status: z.int().check(z.gte(400), z.lte(599)),
    detail: z.string(),
    instance: z.optional(z.string()),
    request_id: z.optional(z.string()),
    errors: z.optional(z.array(fieldError)),
    /** With `page-too-deep`: the `after` cursor to read on with (docs/paging.md). */
    after: z.optional(z.string()),
    /** With `gone`: when what was asked for was deleted. */
    deleted_at: z.optional(z.iso.datetime()),
  })
  .check(z.meta({ id: 'Problem' }))
export type Problem = z.infer<typeof problem>

/** Problem types, one per failure the API distinguishes. */
export const problemTypes = {
  unauthorized: 'unauthorized',
  notFound: 'not-found',
  /** What existed and was deleted (a shortlist): 410, saying when. */
  gone: 'gone',
  malformed: 'malformed-request',
  unsupportedMediaType: 'unsupported-media-type',
  validation: 'validation',
  tooLarge: 'payload-too-large',
  rateLimited: 'rate-limited',
  sandboxUploadsFull: 'sandbox-uploads-full',
  headersTooLarge: 'headers-too-large',
  crossSite: 'cross-site-request',
  idempotencyConflict: 'idempotency-conflict',
  pageTooDeep: 'page-too-deep',
  notConnected: 'not-connected',
  methodNotAllowed: 'method-not-allowed',
  unavailable: 'service-unavailable',
  /** The store was held by other work (a run writing) for longer than a request waits for it: retry after Retry-After. */
  storeBusy: 'store-busy',
  internal: 'internal',
} as const
export type ProblemType = (typeof problemTypes)[keyof typeof problemTypes]

export const problemTypeBase = 'https://credence.example/problems/'
