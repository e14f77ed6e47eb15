import * as z from 'zod/mini'
import {
  between,
  count,
  described,
  freshnessState,
  minimumVintageChecks,
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
import { endpointName, endpoints } from '../endpoints'
import { creditBeneficiary, creditKind } from './credits'

export const credits = z.object({
  issued: count(),
  retired: count(),
  remaining: count(),
  buffer: described(count(), 'Buffer pool deposits, for impermanent removals'),
})

export const qualitySummary = z.object({
  score: described(z.nullable(between(0, 100)), 'Composite score 0–100; null when no signal is known'),
  grade: z.nullable(qualityGrade),
})

/* The summary's fields, shared with the detail: extending the summary itself would carry its schema id along. */
const projectSummaryFields = {
  id: z.string().check(z.meta({ example: 'prj_3f9a0c1d2b4e' })),
  key: projectKey,
  name: z.string(),
  registry: registryCode,
  status: projectStatus,
  scope: z.string(),
  type: z.string(),
  reduction_removal: reductionRemoval,
  region: z.string(),
  country: z.string(),
  vintage: described(z.nullable(z.int()), 'First vintage year; null when the registry gives none'),
  synthetic: described(z.boolean(), 'A generated project, not a real registry record'),
  credits,
  labels: z.array(z.string()),
  co_benefits: z.array(z.string()),
  quality: qualitySummary,
  freshness: z.object({
    state: described(freshnessState, 'Worst state across the sources that cover this project'),
    updated_at: described(z.nullable(timestamp), 'Most recent successful update from any source'),
    sources: described(
      z.array(z.string()),
      "The sources whose data covers this project (their ids, the coverage heatmap's columns), the open rating apart: what a line of it credits (`src_vrod`, Berkeley's, whose licence asks for its credit wherever its data goes)",
    ),
  }),
}

export const projectSummary = z.object(projectSummaryFields).check(z.meta({ id: 'ProjectSummary' }))
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

/** One fact a signal was computed from, e.g. `{ name: 'last issuance', value: '2006, 19 years before the data' }`. */
export const signalFact = z.object({ name: z.string(), value: z.union([z.string(), z.number()]) }).check(z.meta({ id: 'SignalFact' }))
export type SignalFact = z.infer<typeof signalFact>

export const qualitySignal = z
  .object({
    key: qualitySignalKey,
    label: z.string(),
    status: z.enum(['present', 'missing']),
    value: described(z.nullable(between(0, 1)), '0 (high risk) to 1 (low risk); null when missing'),
    weight: between(0, 1),
    counted_value: described(
      between(0, 1),
      'The value the composite counts: the signal\'s value, or for a missing signal the lowest value the rules give it (unknown risk, never a reward)',
    ),
    contribution: described(z.nullable(between(0, 100)), 'Points this signal adds to the composite, a missing signal at its counted value'),
    source: z.nullable(z.string()),
    as_of: z.nullable(timestamp),
    evidence: z.string(),
    facts: described(
      z.array(signalFact),
      'The public facts about this project the signal was computed from, with their values; empty when missing',
    ),
    citations: described(
      z.array(z.string()),
      `Published evidence the rule rests on: ids into the citations of ${endpointName(endpoints.getRatingMethod)}`,
    ),
  })
  .check(z.meta({ id: 'QualitySignal' }))
export type QualitySignal = z.infer<typeof qualitySignal>

export const qualityBreakdown = z.object({
  score: z.nullable(between(0, 100)),
  grade: z.nullable(qualityGrade),
  method: described(z.string(), 'How the composite was formed, in plain words'),
  rated_weight: described(between(0, 1), 'Share of the weight backed by evidence: the sum of the weights of the signals that are known'),
  weights_present: described(between(0, 1), 'The same as rated_weight, under its name before credence-rating/3'),
  signals: z.array(qualitySignal),
})
export type QualityBreakdown = z.infer<typeof qualityBreakdown>

/** One year of credits (of a project, or summed over projects), each series named for its basis (Berkeley's four per-year blocks). */
export const creditYear = z
  .object({
    year: z.int(),
    issued_by_vintage: described(z.int(), 'Credits of this vintage issued, at any time'),
    issued_in_year: described(z.int(), 'Credits issued in this year, of any vintage'),
    retired_in_year: described(z.int(), 'Credits retired in this year, of any vintage'),
    retired_by_vintage: described(z.int(), 'Credits of this vintage retired or cancelled, at any time: issued of the vintage less what remains of it'),
    remaining_by_vintage: described(z.int(), "Credits of this vintage remaining as of the source's date (Berkeley's third block)"),
  })
  .check(z.meta({ id: 'CreditYear' }))
export type CreditYear = z.infer<typeof creditYear>

export const creditHistory = z.object({
  years: described(z.array(creditYear), 'Ascending by year; only years with a non-zero value'),
  source: described(z.nullable(z.string()), 'The source the history was imported from, e.g. src_vrod'),
  as_of: described(z.nullable(timestamp), "The data's own as-of date, not the time it was imported"),
})
export type CreditHistory = z.infer<typeof creditHistory>

/** Records of one source and kind dated after the count a figure stands on (or all of them, when there is no count). */
export const creditsSince = z.object({
  source: z.string(),
  kind: creditKind,
  quantity: z.number().check(z.nonnegative()),
  records: count(),
  through: described(z.nullable(z.iso.date()), 'The newest day among those records'),
})

export const creditFigure = z
  .object({
    value: described(z.number(), 'The count plus what the records dated after it add (issuances) or take away (retirements, cancellations)'),
    counted: described(
      z.nullable(z.object({ value: z.number(), source: z.nullable(z.string()), as_of: z.nullable(timestamp) })),
      "The newest complete count and whose it is (Berkeley's release, as of its date); null when no source counted this project's credits",
    ),
    since: z.array(creditsSince),
    text: described(z.string(), 'What the figure stands on, in words: "509,540 issued per Berkeley as of Dec 31, 2025, + 5,773 since per Verra Registry\'s export (2 records, through Mar 12, 2026)"'),
  })
  .check(z.meta({ id: 'CreditFigure' }))
export type CreditFigure = z.infer<typeof creditFigure>

export const vintageCredits = z.object({
  vintage: described(z.nullable(z.int()), 'Null for records whose registry gives no vintage'),
  issued: z.number(),
  retired: described(z.number(), 'Retired and cancelled (Berkeley counts them together; so do Verra\'s blocks)'),
  remaining: described(z.number(), 'Issued less retired and cancelled, of this vintage'),
  counted: described(
    z.nullable(z.object({ issued: z.number(), remaining: z.number() })),
    "What the count (Berkeley's release) itself states of this vintage as of its date, before any later record; null where it states nothing",
  ),
})
export type VintageCredits = z.infer<typeof vintageCredits>

export const creditDisagreement = z
  .object({
    kind: described(
      z.enum(['vintages_differ_from_totals', 'records_exceed_remaining', 'undated_records_exceed_count', 'cancellations_before_count', 'listed_totals_differ_from_records', 'count_vintage_below_zero']),
      "`vintages_differ_from_totals`: a count's vintages do not sum to its own totals (the difference stands as vintage null); `records_exceed_remaining`: records dated after the count take more of a vintage than the count left of it; `undated_records_exceed_count`: one source's records with no date, which are left out of the figures, come to more than the count holds in all (issued, or retired or cancelled), or of their vintage (retired or cancelled), so it cannot hold them; `cancellations_before_count`: a registry's cancellations of a vintage dated before the count come to more than the count retired or cancelled of it (credits converted to a compliance programme), so the rest is taken from what the count left; `listed_totals_differ_from_records`: a registry's listing states the project's totals (Isometric's issued, buffer and retired) and its records, up to the listing's date, come to another figure, one disagreement a measure; `count_vintage_below_zero`: the count itself retires or cancels more of a vintage than it issues of it, kept as counted",
    ),
    vintage: described(z.nullable(z.int()), 'The vintage the sources disagree on; null for a whole-project total'),
    figures: described(
      z.array(z.object({ source: z.nullable(z.string()), says: z.string(), value: z.number() })),
      'Both figures, each with whose it is and what it states',
    ),
    text: described(z.string(), 'The disagreement in words, naming both figures'),
  })
  .check(z.meta({ id: 'CreditDisagreement' }))
export type CreditDisagreement = z.infer<typeof creditDisagreement>

export const sourceCreditFacts = z.object({
  source: z.string(),
  basis: described(z.enum(['count', 'records']), "A source's own totals (`count`, Berkeley's) or the sum of its records (`records`, a registry's export)"),
  as_of: described(z.nullable(timestamp), "The count's as-of date, or the newest record's day"),
  issued: described(z.number(), "Issued to the project: a registry's issuances into its buffer pool are `buffer_issued`"),
  retired: described(z.number(), "Retired and cancelled of the project's credits: a registry's cancellations from its buffer pool are `buffer_cancelled`"),
  buffer_issued: described(z.nullable(z.number()), "Of a registry's records, the credits issued into its buffer pool, set aside and never for sale; null for a count"),
  buffer_cancelled: described(
    z.nullable(z.number()),
    "Of a registry's records, the credits cancelled from its buffer pool (the compliance buffer's share of a conversion to California's offsets): the pool's, never the project's retired; null for a count",
  ),
  records: z.nullable(count()),
})
export type SourceCreditFacts = z.infer<typeof sourceCreditFacts>

/** How many of those a project's credits were retired for its credit figures list, largest first. */
export const topBeneficiaryCount = 10

export const projectCredits = z.object({
  issued: creditFigure,
  // Retired and cancelled together, as Berkeley counts them and as Verra's blocks are.
  retired: creditFigure,
  remaining: creditFigure,
  by_vintage: described(
    z.array(vintageCredits),
    "Ascending by vintage, unknown last: each vintage's issued and remaining as the count states them (Berkeley's first and third blocks), retired being issued less remaining, plus the records dated after the count, each in the vintage it names. They sum to the totals; where sources disagree, `disagreements` says so",
  ),
  later_by_year: described(
    z.array(z.object({ year: z.int(), issued: z.number(), retired: described(z.number(), 'Retired and cancelled') })),
    "The records dated after the count (every dated record, when there is no count) summed by the year of their day, ascending: what the years of `credit_history` (the count's own, as of its date) add up to with them. Undated records have no year",
  ),
  disagreements: described(z.array(creditDisagreement), 'Where the sources cannot agree, naming both figures; empty when they agree'),
  sources: described(
    z.array(sourceCreditFacts),
    'What each source says of the credits, each as of its own date; where they disagree, both stand here side by side',
  ),
  top_beneficiaries: described(z.array(creditBeneficiary), `Who its credits were retired for, largest first (${topBeneficiaryCount} at most; the Credits list has every record)`),
  buffer_issued: described(
    z.number().check(z.nonnegative()),
    "Credits the registries' records issued into their buffer pools (Cercarbono's buffer batches, Isometric's buffer share of a batch): never for sale, so in neither `issued` nor `remaining`; the project's `credits.buffer` counts them",
  ),
})
export type ProjectCredits = z.infer<typeof projectCredits>

export const projectDetail = z
  .object({
    ...projectSummaryFields,
    object: z.literal('project'),
    methodology: z.nullable(z.string()),
    type_as_published: described(
      z.nullable(z.string()),
      "The type as the source spelled it, where it differs from `type`, the catalogue's one spelling of it",
    ),
    developer: z.nullable(z.string()),
    state: z.nullable(z.string()),
    website: z.nullable(z.string()),
    sdgs: z.array(z.int().check(z.gte(1), z.lte(17))),
    listed_at: z.nullable(z.string()),
    registered_at: z.nullable(z.string()),
    status_sources: described(
      z.array(z.object({ source: z.string(), name: z.string(), status: projectStatus, as_of: timestamp })),
      "What each source's own data says of the status, newest first: Berkeley's count, and a registry's own listing. `status` is the newest word, where a registry's listing is newer than the count; two statuses here are where the sources disagree. Empty for a generated project",
    ),
    labels_recorded: described(
      z.array(z.string()),
      "Of `labels`, those only its registry's records carry: the project's own listing, or Berkeley's count, lists them not (ART102's credits are CORSIA eligible by ART's records). Empty where every label is listed",
    ),
    also_listed_as: described(
      z.array(z.object({ key: z.string(), registry: registryCode, compliance_id: z.string() })),
      "The project's other listings by other registries: the same compliance project (California's or Washington's id, Berkeley's `ARB / WA ID`), which moved from one registry to another (ACR746 and CAR2057 are both CAMM5746). A shortlist holds one of them at most, and what one listing's records cancel of a vintage the other's count holds is taken there (`credit_figures.disagreements`). Empty for most projects",
    ),
    quality_breakdown: qualityBreakdown,
    credit_history: creditHistory,
    credit_figures: described(projectCredits, "Issued, retired and remaining as the newest complete count plus the registries' records dated after it, per vintage, per source, and who retired them"),
    updated_at: timestamp,
  })
  .check(z.meta({ id: 'Project' }))
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

/** `sort=-quality_score` sorts descending; ties are always broken by key, as `sort=key` orders keys (VCS999 before VCS1000), so the order is stable. */
export const projectSort = z._default(
  z
    .string()
    .check(
      z.regex(
        new RegExp(`^-?(${projectSortKeys.join('|')})$`),
        `sort is one of ${projectSortKeys.join(', ')}, with a leading - for descending`,
      ),
    ),
  'key',
)

const many = z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(50)))

/** The longest text search a project list takes. */
export const maxSearchChars = 200

/** Filters shared by the list, the facets and the CSV export. Several values of one filter mean any of them. */
export const projectFilters = z.object({
  q: described(z.optional(z.string().check(z.maxLength(maxSearchChars))), 'Text search on key and name: every word in the key or the name. A project whose key is the text comes first, whatever the sort'),
  type: many,
  scope: many,
  region: many,
  country: many,
  registry: z.optional(z.array(registryCode).check(z.maxLength(10))),
  status: z.optional(z.array(projectStatus).check(z.maxLength(10))),
  label: many,
  co_benefit: many,
  vintage_min: z.optional(z.coerce.number().check(z.int('The minimum vintage is a whole year'), ...minimumVintageChecks())),
})
export type ProjectFilters = z.infer<typeof projectFilters>

export const projectListQuery = z.extend(projectFilters, {
  sort: projectSort,
  page: pageParam,
  per_page: perPageParam(200, 50),
})
export type ProjectListQuery = z.infer<typeof projectListQuery>

export const projectPage = z.extend(pageOf(projectSummary), { sort: z.string() }).check(z.meta({ id: 'ProjectPage' }))
export type ProjectPage = z.infer<typeof projectPage>

export { facetNames, facetValue, projectFacets, type FacetName, type FacetValue, type ProjectFacets } from './facets'


/** The credits per year of the projects a filter leaves: the years where some series is not zero, ascending. */
export const projectCreditHistory = z
  .object({
    object: z.literal('credit_history'),
    projects: described(count(), 'How many projects the filters leave'),
    years: z.array(creditYear),
  })
  .check(z.meta({ id: 'ProjectCreditHistory' }))
export type ProjectCreditHistory = z.infer<typeof projectCreditHistory>
