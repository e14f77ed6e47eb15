import * as z from 'zod/mini'
import { catalogue } from './contract/catalogue'
import { coverageMatrix, coverageQuery } from './contract/coverage'
import { creditBeneficiaries, creditBeneficiariesQuery, creditListQuery, creditPage, creditTotals, creditTotalsQuery } from './contract/credits'
import { beneficiary, beneficiaryDecision, beneficiaryDecisionListQuery, beneficiaryDecisionPage, beneficiaryDecisionRequest } from './contract/beneficiaries'
import { fileUploadQuery, uploadedFile } from './contract/files'
import { priceBatch, priceBatchQuery } from './contract/prices'
import { projectCreditHistory, projectDetail, projectFacets, projectFilters, projectListQuery, projectPage } from './contract/projects'
import { ratingMethod } from './contract/rating-method'
import { brief, recommendation } from './contract/recommendations'
import { deletedShortlist, shortlistEvidence, shortlistListQuery, shortlistPage, shortlistRename, shortlistSummary } from './contract/shortlists'
import { sourceList, sourceRun, sourceRunListQuery, sourceRunPage, sourceRunRequest } from './contract/sources'
import { endpoints, type Endpoint, type OperationId } from './endpoints'

/**
 * One record per endpoint: what it takes (path, query, headers, body) and what it answers (its success, the
 * headers on it, the errors it may answer). The server validates from it, the OpenAPI document is generated from
 * it, and the contract tests walk it. Server-only and document-only: the app needs just `endpoints`.
 */
export type Tag = 'Recommendations' | 'Projects' | 'Credits' | 'Beneficiaries' | 'Prices' | 'Sources' | 'Files' | 'Coverage'

/** Headers the API sends, documented once in the OpenAPI document's components. */
export type ResponseHeader = 'Location' | 'Idempotent-Replayed' | 'Content-Disposition'

/** The media type of an Office Open XML workbook (.xlsx). */
export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A header an endpoint reads; the handler validates it, since its rule is the endpoint's own. */
export interface RequestHeader {
  name: string
  description: string
  /** The whole value must match (anchored), as the server checks it and the document states it. */
  pattern: string
}

export type Body =
  | { kind: 'json'; schema: z.ZodMiniType; what: string }
  /** A file, as a raw body or one multipart part: streamed to storage by the handler, never parsed as JSON. */
  | { kind: 'upload' }

export interface Route<E extends Endpoint = Endpoint> {
  endpoint: E
  tag: Tag
  summary: string
  pathParams?: Record<string, string>
  query?: z.ZodMiniObject
  headers?: RequestHeader[]
  body?: Body
  success: Success
  /** Statuses this endpoint answers with a problem, besides those every endpoint may (401, 429, 503). */
  errors: number[]
}

/** What an endpoint answers when it succeeds: JSON of a schema, or a file of a media type (a workbook). */
export type Success = { status: 200 | 201 | 202; description: string; headers?: ResponseHeader[] } & (
  | { schema: z.ZodMiniType; file?: never }
  | { file: { mediaType: string }; schema?: never }
)

/** Every endpoint may answer these: no or a wrong token, the sandbox quota used up, the database away. */
export const everyEndpointErrors = [401, 429, 503] as const

/** A record keeps its own schemas' types, so a handler is handed its query and body as they parse. */
const route = <E extends Endpoint, S extends Omit<Route<E>, 'endpoint'>>(endpoint: E, spec: S): S & { endpoint: E } => ({ endpoint, ...spec })

export const routeTable = {
  createRecommendation: route(endpoints.createRecommendation, {
    tag: 'Recommendations',
    summary: 'Rank projects for a brief',
    body: { kind: 'json', schema: brief, what: 'The brief' },
    success: { status: 201, schema: recommendation, description: 'The stored recommendation', headers: ['Location'] },
    errors: [400, 413, 415, 422],
  }),
  listRecommendations: route(endpoints.listRecommendations, {
    tag: 'Recommendations',
    summary: "The caller's shortlists, newest first: those made with the same credential",
    query: shortlistListQuery,
    success: { status: 200, schema: shortlistPage, description: 'One page of shortlists' },
    errors: [400],
  }),
  getRecommendation: route(endpoints.getRecommendation, {
    tag: 'Recommendations',
    summary: 'Fetch a recommendation again by its ID',
    pathParams: { id: 'Recommendation ID (rec_…)' },
    success: { status: 200, schema: recommendation, description: 'The recommendation' },
    errors: [400, 404, 410],
  }),
  renameRecommendation: route(endpoints.renameRecommendation, {
    tag: 'Recommendations',
    summary: 'Name one of your shortlists; the recommendation itself is unchanged',
    pathParams: { id: 'Recommendation ID (rec_…)' },
    body: { kind: 'json', schema: shortlistRename, what: 'The name' },
    success: { status: 200, schema: shortlistSummary, description: 'The shortlist with its name' },
    // 404 also for a shortlist another credential made: only its maker names it.
    errors: [400, 404, 410, 413, 415, 422],
  }),
  deleteRecommendation: route(endpoints.deleteRecommendation, {
    tag: 'Recommendations',
    summary: 'Delete one of your shortlists: from then on its link, pack and printed page answer 410, saying when it was deleted',
    pathParams: { id: 'Recommendation ID (rec_…)' },
    success: { status: 200, schema: deletedShortlist, description: 'The shortlist deleted' },
    // 404 also for a shortlist another credential made: only its maker deletes it.
    errors: [400, 404, 410],
  }),
  getRecommendationPack: route(endpoints.getRecommendationPack, {
    tag: 'Recommendations',
    summary: 'The shortlist as a workbook to file: summary, shortlist, evidence, citations and sources',
    pathParams: { id: 'Recommendation ID (rec_…)' },
    success: {
      status: 200,
      file: { mediaType: xlsxMediaType },
      description: 'The workbook (.xlsx), as an attachment named for the shortlist',
      headers: ['Content-Disposition'],
    },
    errors: [400, 404, 410],
  }),
  getRecommendationEvidence: route(endpoints.getRecommendationEvidence, {
    tag: 'Recommendations',
    summary: "The quality evidence behind a shortlist's grades: every signal of every project, and the citations they name",
    pathParams: { id: 'Recommendation ID (rec_…)' },
    success: { status: 200, schema: shortlistEvidence, description: 'The evidence, as the catalogue rates the projects now' },
    errors: [400, 404, 410],
  }),
  getRatingMethod: route(endpoints.getRatingMethod, {
    tag: 'Projects',
    summary: 'The open quality rating: its signals, weights, rules and the published evidence they cite',
    success: { status: 200, schema: ratingMethod, description: 'The rating method' },
    errors: [],
  }),
  listProjects: route(endpoints.listProjects, {
    tag: 'Projects',
    summary: 'List canonical projects, filtered, sorted and paged',
    query: projectListQuery,
    success: { status: 200, schema: projectPage, description: 'One page of projects' },
    errors: [400],
  }),
  listProjectFacets: route(endpoints.listProjectFacets, {
    tag: 'Projects',
    summary: 'The values each project filter can take, with counts under the other filters',
    query: projectFilters,
    success: { status: 200, schema: projectFacets, description: 'Facet values and counts' },
    errors: [400],
  }),
  getProjectCreditHistory: route(endpoints.getProjectCreditHistory, {
    tag: 'Projects',
    summary: 'Credits issued and retired per year, summed over the projects the filters leave',
    query: projectFilters,
    success: { status: 200, schema: projectCreditHistory, description: 'The years where some series is not zero, ascending' },
    errors: [400],
  }),
  getProject: route(endpoints.getProject, {
    tag: 'Projects',
    summary: 'One project, by ID or registry key, with its quality signal breakdown',
    pathParams: { id: 'Project ID (prj_…) or registry key (VCS191)' },
    success: { status: 200, schema: projectDetail, description: 'The project' },
    errors: [400, 404],
  }),
  getCatalogue: route(endpoints.getCatalogue, {
    tag: 'Projects',
    summary: "What the caller's catalogue is made of: real or synthetic, and as of when",
    success: { status: 200, schema: catalogue, description: 'The catalogue' },
    errors: [],
  }),
  batchSpotPrices: route(endpoints.batchSpotPrices, {
    tag: 'Prices',
    summary: 'Spot prices for up to 100 project keys',
    query: priceBatchQuery,
    success: { status: 200, schema: priceBatch, description: 'Prices, with unknown and unpriced keys listed' },
    errors: [400],
  }),
  listSources: route(endpoints.listSources, {
    tag: 'Sources',
    summary: 'The data source catalog with freshness and last run',
    success: { status: 200, schema: sourceList, description: 'Every source' },
    errors: [],
  }),
  uploadFile: route(endpoints.uploadFile, {
    tag: 'Files',
    summary: 'Upload a file for a source run to import (at most 64 MiB)',
    query: fileUploadQuery,
    body: { kind: 'upload' },
    success: { status: 201, schema: uploadedFile, description: 'The stored file', headers: ['Location'] },
    // Any body that is not multipart is the file itself, so no media type is refused.
    errors: [400, 413, 422],
  }),
  getFile: route(endpoints.getFile, {
    tag: 'Files',
    summary: "One uploaded file's description",
    pathParams: { id: 'File ID (file_…)' },
    success: { status: 200, schema: uploadedFile, description: 'The file' },
    errors: [400, 404],
  }),
  createSourceRun: route(endpoints.createSourceRun, {
    tag: 'Sources',
    summary: 'Enqueue an ingest run of a connector',
    headers: [
      {
        name: 'Idempotency-Key',
        description: 'A retry with the same key and body returns the same run; another body with the key is a 422. 1 to 255 visible ASCII characters, e.g. a UUID.',
        pattern: '^[\\x21-\\x7e]{1,255}$',
      },
    ],
    body: { kind: 'json', schema: sourceRunRequest, what: 'The run request' },
    success: {
      status: 202,
      schema: sourceRun,
      description: 'The run, queued (or the earlier run for a replayed Idempotency-Key)',
      headers: ['Location', 'Idempotent-Replayed'],
    },
    errors: [400, 409, 413, 415, 422],
  }),
  listSourceRuns: route(endpoints.listSourceRuns, {
    tag: 'Sources',
    summary: 'Recent runs, newest first',
    query: sourceRunListQuery,
    success: { status: 200, schema: sourceRunPage, description: 'One page of runs' },
    errors: [400],
  }),
  getSourceRun: route(endpoints.getSourceRun, {
    tag: 'Sources',
    summary: 'One run, to follow its progress',
    pathParams: { id: 'Run ID (run_…)' },
    success: { status: 200, schema: sourceRun, description: 'The run' },
    errors: [400, 404],
  }),
  getCoverage: route(endpoints.getCoverage, {
    tag: 'Coverage',
    summary: 'Source freshness, projects by sources, in a compact shape',
    query: coverageQuery,
    success: { status: 200, schema: coverageMatrix, description: 'The matrix' },
    errors: [400],
  }),
  listCredits: route(endpoints.listCredits, {
    tag: 'Credits',
    summary: "Registry records of credits (issuances, retirements, cancellations), filtered and paged, with the filter's sum",
    query: creditListQuery,
    success: { status: 200, schema: creditPage, description: 'One page of records' },
    errors: [400],
  }),
  getCreditTotals: route(endpoints.getCreditTotals, {
    tag: 'Credits',
    summary: 'Credits per month or year under the same filters as the records, by kind, for charts',
    query: creditTotalsQuery,
    success: { status: 200, schema: creditTotals, description: 'Credits per period' },
    errors: [400],
  }),
  listCreditBeneficiaries: route(endpoints.listCreditBeneficiaries, {
    tag: 'Credits',
    summary: 'The top retirers under the same filters as the records: who credits were retired for, and from how many projects',
    query: creditBeneficiariesQuery,
    success: { status: 200, schema: creditBeneficiaries, description: 'The beneficiaries, largest first' },
    errors: [400],
  }),
  listBeneficiaryDecisions: route(endpoints.listBeneficiaryDecisions, {
    tag: 'Beneficiaries',
    summary: "Analysts' decisions about beneficiary names (merge, split, rename, names no one), newest first, undone ones too",
    query: beneficiaryDecisionListQuery,
    success: { status: 200, schema: beneficiaryDecisionPage, description: 'One page of decisions' },
    errors: [400],
  }),
  createBeneficiaryDecision: route(endpoints.createBeneficiaryDecision, {
    tag: 'Beneficiaries',
    summary: 'Decide about beneficiary names; applies at once to every record and to later imports (the sandbox key: computed, not applied)',
    body: { kind: 'json', schema: beneficiaryDecisionRequest, what: 'The decision' },
    success: { status: 201, schema: beneficiaryDecision, description: 'The decision, with the records it moved' },
    errors: [400, 413, 415, 422],
  }),
  exportBeneficiaryDecisions: route(endpoints.exportBeneficiaryDecisions, {
    tag: 'Beneficiaries',
    summary: 'Every decision as CSV, oldest first, with when, by which credential, and when undone',
    success: {
      status: 200,
      file: { mediaType: 'text/csv' },
      description: 'The decisions (.csv), as an attachment',
      headers: ['Content-Disposition'],
    },
    errors: [],
  }),
  undoBeneficiaryDecision: route(endpoints.undoBeneficiaryDecision, {
    tag: 'Beneficiaries',
    summary: 'Undo a decision: kept in the list, marked undone, and every record resolved without it',
    pathParams: { id: 'Decision ID (bdc_…)' },
    success: { status: 200, schema: beneficiaryDecision, description: 'The decision, undone (one undone before is answered as it stands)' },
    errors: [400, 404],
  }),
  getBeneficiary: route(endpoints.getBeneficiary, {
    tag: 'Beneficiaries',
    summary: 'One beneficiary: credits retired for it in all, per year and per project, and the raw strings that resolved to it',
    pathParams: { name: 'The beneficiary, by its name as GET /api/credits/beneficiaries gives it (percent-encoded)' },
    success: { status: 200, schema: beneficiary, description: 'The beneficiary' },
    errors: [400, 404],
  }),
} satisfies { [K in OperationId]: Route<(typeof endpoints)[K]> }

const repeatedCache = new WeakMap<z.ZodMiniObject, ReadonlySet<string>>()

/**
 * The query parameters that may repeat (`type=Wind&type=Hydropower`): those whose schema takes a list. Read from
 * the schema itself, so which parameters repeat is written nowhere else.
 */
export function repeatedParams(query: z.ZodMiniObject): ReadonlySet<string> {
  let names = repeatedCache.get(query)
  if (!names) {
    names = new Set(
      Object.entries(query.shape)
        .filter(([, field]) => (z.toJSONSchema(field as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }) as { type?: unknown }).type === 'array')
        .map(([name]) => name),
    )
    repeatedCache.set(query, names)
  }
  return names
}
