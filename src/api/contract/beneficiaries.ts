import * as z from 'zod/mini'
import { count, described, pageOf, pageParam, perPageParam, projectKey, registryCode, timestamp } from './common'

/** A beneficiary's name as people give it: what a decision names, a page is addressed by. */
export const beneficiaryName = z.string().check(z.trim(), z.minLength(1, 'Give a name'), z.maxLength(200, 'A name is at most 200 characters'))

/**
 * What an analyst decides about beneficiary names; it beats the rules, applies at once to every record and to
 * later imports, and can be undone. `merge`: the beneficiaries named are one (shown as `into`, else the first);
 * `split`: a raw string is taken out of the beneficiary it resolved to (into `into`, a name of its own or another
 * beneficiary's, else what the rules read in it); `rename`: a beneficiary is shown as `into`; `no_one`: a
 * beneficiary's raw strings name no one.
 */
export const beneficiaryDecisionRequest = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('merge'),
      names: described(z.array(beneficiaryName).check(z.minLength(2, 'Name two beneficiaries or more to merge'), z.maxLength(20)), 'The beneficiaries that are one'),
      into: described(z.optional(beneficiaryName), 'The name to show them by; the first of `names` when left out'),
    }),
    z.strictObject({
      kind: z.literal('split'),
      spelling: described(z.string().check(z.minLength(1, 'Give the raw string to split out'), z.maxLength(2000)), 'The raw string, as a beneficiary page lists it'),
      into: described(z.optional(beneficiaryName), "The name it names: a new one, or another beneficiary's; what the rules read in it when left out"),
    }),
    z.strictObject({
      kind: z.literal('rename'),
      name: described(beneficiaryName, 'The beneficiary, by the name shown now'),
      into: described(beneficiaryName, 'The name to show it by'),
    }),
    z.strictObject({
      kind: z.literal('no_one'),
      name: described(beneficiaryName, 'The beneficiary whose raw strings name no one'),
    }),
  ])
  .check(z.meta({ id: 'BeneficiaryDecisionRequest' }))
export type BeneficiaryDecisionRequest = z.infer<typeof beneficiaryDecisionRequest>

export const beneficiaryDecisionKind = z.enum(['merge', 'split', 'rename', 'no_one'])
export type BeneficiaryDecisionKind = z.infer<typeof beneficiaryDecisionKind>

export const beneficiaryDecision = z
  .object({
    id: described(z.string(), 'The decision (bdc_…)'),
    object: z.literal('beneficiary_decision'),
    kind: beneficiaryDecisionKind,
    names: described(z.array(z.string()), 'The beneficiaries it concerns, by the names shown when it was made (for a split, the one the raw string left)'),
    spelling: described(z.nullable(z.string()), 'The raw string a split takes out'),
    into: described(z.nullable(z.string()), 'The name shown after it'),
    text: described(z.string(), 'What it decided, in words'),
    made_at: timestamp,
    made_by: described(z.string(), 'The credential that made it: a stable, non-reversible name of the token'),
    undone_at: z.nullable(timestamp),
    undone_by: z.nullable(z.string()),
    records_moved: described(count(), 'Records whose beneficiary it changed when it was made (or undone); 0 when it was listed later'),
    simulated: described(z.boolean(), "True for the sandbox key's decisions: computed and answered, never stored or applied"),
  })
  .check(z.meta({ id: 'BeneficiaryDecision' }))
export type BeneficiaryDecision = z.infer<typeof beneficiaryDecision>

export const beneficiaryDecisionListQuery = z.object({
  page: pageParam,
  per_page: perPageParam(200, 50),
  name: described(
    z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    'Only the decisions about this name, exactly as written: those that name it (`names`) or give it (`into`)',
  ),
})
export type BeneficiaryDecisionListQuery = z.infer<typeof beneficiaryDecisionListQuery>

export const beneficiaryDecisionPage = pageOf(beneficiaryDecision).check(z.meta({ id: 'BeneficiaryDecisionPage' }))
export type BeneficiaryDecisionPage = z.infer<typeof beneficiaryDecisionPage>

/** A raw string a beneficiary resolves from, with its records and why. */
export const beneficiarySpelling = z.object({
  text: described(z.string(), 'The raw string, as the registry wrote it (spaces made single)'),
  field: described(z.string(), "The registry's field it was read from"),
  rules_name: described(z.nullable(z.string()), 'What the rules read in it, before companies and decisions'),
  why: z.string(),
  records: count(),
  quantity: z.number().check(z.nonnegative()),
})
export type BeneficiarySpelling = z.infer<typeof beneficiarySpelling>

export const beneficiary = z
  .object({
    object: z.literal('beneficiary'),
    name: z.string(),
    quantity: described(z.number().check(z.nonnegative()), 'Credits retired for it, in all'),
    records: count(),
    projects: count(),
    first_date: z.nullable(z.iso.date()),
    last_date: z.nullable(z.iso.date()),
    by_year: described(
      z.array(z.object({ year: z.nullable(z.int()), quantity: z.number(), records: count() })),
      'Credits retired per year of retirement, oldest first; records with no date under null, last',
    ),
    by_project: described(
      z.array(z.object({ project_key: projectKey, project_name: z.nullable(z.string()), registry: registryCode, quantity: z.number(), records: count() })),
      'Credits retired per project (and its registry), largest first',
    ),
    spellings: described(z.array(beneficiarySpelling), 'The raw strings that resolved to it, most credits first'),
    decisions: described(z.array(beneficiaryDecision), 'The decisions in force that concern it, oldest first'),
  })
  .check(z.meta({ id: 'Beneficiary' }))
export type Beneficiary = z.infer<typeof beneficiary>
