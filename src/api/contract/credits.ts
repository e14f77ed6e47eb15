import * as z from 'zod/mini'
import { count, described, perPageParam, positiveInt, projectKey, registryCode } from './common'

/**
 * What a registry record did to credits. Verra's export marks a block retired or cancelled on a day without
 * saying which, so its blocks are `retirement_or_cancellation`, never guessed to be one or the other.
 */
export const creditKinds = ['issuance', 'retirement', 'cancellation', 'retirement_or_cancellation'] as const
export const creditKind = z.enum(creditKinds)
export type CreditKind = z.infer<typeof creditKind>

/**
 * The kinds that retire credits for someone: retirements, and Verra's blocks retired or cancelled. An issuance retires
 * nothing, and a cancellation takes credits out of use for no one (a correction, a buffer, a compliance scheme).
 */
export const retiringKinds = ['retirement', 'retirement_or_cancellation'] as const satisfies readonly CreditKind[]
export const isRetiring = (kind: CreditKind) => (retiringKinds as readonly CreditKind[]).includes(kind)

const day = z.iso.date().check(z.meta({ example: '2026-04-10' }))

export const creditRecord = z
  .object({
    id: described(z.string(), "The record's identity across exports: registry, kind and serial range (or the registry's own id)"),
    object: z.literal('credit'),
    project_key: projectKey,
    registry: registryCode,
    kind: creditKind,
    quantity: described(z.number().check(z.nonnegative()), 'Credits (tCO2e) in the record'),
    vintage: z.nullable(z.int()),
    stated_vintage_total: described(
      z.nullable(z.number().check(z.nonnegative())),
      "What the registry's export states beside an issuance as its vintage's total (Verra's `Total Vintage Quantity`), as written; null where it states none. Where it is exactly the vintage's issued as Berkeley counts it, the record is a block of an issuance Berkeley holds, and its credits are not added again (docs/credit-figures.md)",
    ),
    date: described(z.nullable(day), 'The day of the issuance, retirement or cancellation, when the registry gives it'),
    serial: z.nullable(z.string()),
    labels: z.array(z.string()),
    beneficiary: described(
      z.nullable(z.string()),
      "Who the credits were retired for: the company its registry's words resolve to, one name however they were written, an analyst's decision over the rules; null when they name no one",
    ),
    beneficiary_why: described(
      z.nullable(z.string()),
      'Why the record resolved to that name (or to no one): the field and words read, what was taken off, the company it was found one with, the decisions that moved it; null for a record that retires nothing',
    ),
    beneficiary_raw: described(z.record(z.string(), z.string()), "The registry's own fields about who and why, as written"),
    reason: z.nullable(z.string()),
    source: z.object({
      id: z.string(),
      file: z.string(),
      row: described(count(), "The record's row among the file's data rows, 1-based"),
      run_id: z.string(),
    }),
  })
  .check(z.meta({ id: 'CreditRecord' }))
export type CreditRecord = z.infer<typeof creditRecord>

const optionalText = (max: number) => z.optional(z.string().check(z.minLength(1), z.maxLength(max)))

/** What a list of records is narrowed by: the same filters for the records, their totals and their top retirers. */
/** What a vintage that is not a year is told, in the app and in the API's problem alike. */
const asYear = { error: 'Vintage is a year from 1990 to 2100, such as 2019.' }

export const creditFilter = z.object({
  project: z.optional(projectKey),
  kind: z.optional(creditKind),
  beneficiary: described(
    optionalText(200),
    "Text found, ignoring case, in the raw fields, or in a beneficiary's name or any of its raw spellings (then all of that beneficiary's records)",
  ),
  retired_for: described(optionalText(200), 'Records retired for exactly this beneficiary, as `GET /api/credits/beneficiaries` names it'),
  vintage: z.optional(z.coerce.number(asYear).check(z.int(asYear), z.gte(1990, asYear), z.lte(2100, asYear))),
  registry: z.optional(registryCode),
  from: described(z.optional(day), 'Records dated on or after this day'),
  to: described(z.optional(day), 'Records dated on or before this day'),
  label: optionalText(200),
})
export type CreditFilter = z.infer<typeof creditFilter>

/**
 * How deep numbered pages go: a page may begin among the filter's first 10,000 records. Past them a page is read
 * by cursor (`after`), which costs the same at any depth; an offset costs every record before it.
 */
export const numberedRecordsDepth = 10_000

/** A cursor as a list answer gives it: opaque, good for the filter it came from. */
const cursor = z.string().check(z.minLength(1), z.maxLength(2000))

export const creditListQuery = z.extend(creditFilter, {
  page: described(
    z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))),
    `A numbered page, within the filter's first ${numberedRecordsDepth} records (deeper: refused, naming the \`after\` cursor)`,
  ),
  per_page: perPageParam(500, 50),
  after: described(z.optional(cursor), 'The records after a page\'s `next_after`'),
  before: described(z.optional(cursor), 'The records before a page\'s `previous_before`'),
})
export type CreditListQuery = z.infer<typeof creditListQuery>

export const creditPage = z
  .object({
    object: z.literal('list'),
    data: z.array(creditRecord),
    total: described(count(), 'Records the filter keeps; estimated past the numbered depth'),
    total_estimated: described(z.boolean(), 'Whether `total` is estimated'),
    page: described(z.nullable(positiveInt()), 'The numbered page, or null by cursor'),
    per_page: positiveInt(),
    has_more: described(z.boolean(), 'Whether records follow this page'),
    next_after: described(z.nullable(z.string()), 'The next page\'s cursor, or null'),
    previous_before: described(z.nullable(z.string()), 'The page before\'s cursor, or null'),
    sum_quantity: described(
      z.nullable(z.number().check(z.nonnegative())),
      'Credits in every record the filter keeps, whatever their kind; null when `total` is estimated',
    ),
    sum_by_kind: described(
      z.nullable(z.object(Object.fromEntries(creditKinds.map((kind) => [kind, z.number().check(z.nonnegative())])) as Record<CreditKind, z.ZodMiniNumber>)),
      "The same credits by kind (issued, retired, cancelled, and Verra's retired or cancelled, which its export does not tell apart); null when `total` is estimated. Issued is to the projects: an issuance into a registry's buffer pool is in `sum_into_buffer_pool`, so the two add up to `sum_quantity`",
    ),
    sum_into_buffer_pool: described(
      z.nullable(z.number().check(z.nonnegative())),
      "Credits of the issuances (labelled `Buffer pool`) a registry set aside in its buffer pool against reversals: never the project's, never for sale; null when `total` is estimated",
    ),
  })
  .check(z.meta({ id: 'CreditPage' }))
export type CreditPage = z.infer<typeof creditPage>

export const creditTotalsQuery = z.extend(creditFilter, {
  interval: described(z._default(z.enum(['month', 'year']), 'month'), 'The length of each period'),
})
export type CreditTotalsQuery = z.infer<typeof creditTotalsQuery>

export const creditTotals = z
  .object({
    object: z.literal('credit_totals'),
    interval: z.enum(['month', 'year']),
    periods: described(
      z.array(
        z.object({
          period: described(z.string(), 'The month (`2026-04`) or year (`2026`)'),
          issued: described(z.number(), 'Issued to the projects, the buffer pools\' share apart'),
          into_buffer_pool: described(z.number(), 'Issued into a registry\'s buffer pool against reversals'),
          retired: z.number(),
          cancelled: z.number(),
          retired_or_cancelled: described(z.number(), "Verra's blocks retired or cancelled, which its export does not tell apart"),
        }),
      ),
      'Credits in the records dated in each period, by kind, oldest first; periods with no record are left out',
    ),
  })
  .check(z.meta({ id: 'CreditTotals' }))
export type CreditTotals = z.infer<typeof creditTotals>

export const creditBeneficiariesQuery = z.extend(z.omit(creditFilter, { kind: true }), {
  limit: described(z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10), 'How many beneficiaries, the largest first'),
})
export type CreditBeneficiariesQuery = z.infer<typeof creditBeneficiariesQuery>

export const creditBeneficiary = z.object({
  name: described(z.string(), "The beneficiary's name, a company however its registries spelled it; its page is GET /api/beneficiaries/{name}"),
  quantity: described(z.number().check(z.nonnegative()), 'Credits retired for it under the filter'),
  records: count(),
  projects: described(count(), 'How many projects those credits came from'),
})
export type CreditBeneficiary = z.infer<typeof creditBeneficiary>

export const creditBeneficiaries = z
  .object({
    object: z.literal('credit_beneficiaries'),
    data: described(
      z.array(creditBeneficiary),
      "Who credits were retired for, by credits retired, largest first (ties by name); retirements and Verra's retired-or-cancelled blocks that name someone",
    ),
  })
  .check(z.meta({ id: 'CreditBeneficiaries' }))
export type CreditBeneficiaries = z.infer<typeof creditBeneficiaries>
