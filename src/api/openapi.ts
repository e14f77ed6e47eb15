import * as z from 'zod/mini'
import { catalogue } from './contract/catalogue'
import { coverageMatrix, coverageQuery } from './contract/coverage'
import { problem } from './contract/errors'
import { fileUploadQuery, uploadedFile } from './contract/files'
import { priceBatch, priceBatchQuery } from './contract/prices'
import { projectDetail, projectFacets, projectFilters, projectListQuery, projectPage } from './contract/projects'
import { ratingMethod } from './contract/rating-method'
import { brief, recommendation } from './contract/recommendations'
import { sourceList, sourceRun, sourceRunListQuery, sourceRunPage, sourceRunRequest } from './contract/sources'

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the app and the server use, so the published
 * contract cannot drift from either.
 */
type Json = Record<string, unknown>

const ref = (schema: z.ZodMiniType) => {
  const id = z.globalRegistry.get(schema)?.id
  if (!id) throw new Error('Every schema the document names has a meta id')
  return { $ref: `#/components/schemas/${id}` }
}

const repeated = new Set(['type', 'scope', 'region', 'country', 'registry', 'status', 'label', 'co_benefit', 'source', 'project'])

function parameters(schema: z.ZodMiniObject): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const json = z.toJSONSchema(field as z.ZodMiniType, { io: 'input', unrepresentable: 'any' }) as Json
    delete json.$schema
    const description = (json.description as string | undefined) ?? undefined
    return {
      name,
      in: 'query',
      required: !(field as z.ZodMiniType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: json,
      ...(repeated.has(name) ? { style: 'form', explode: true } : {}),
    }
  })
}

const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { $ref: `#/components/responses/Problem${status}` },
    ]),
  )

const problemDescriptions: Record<number, string> = {
  400: 'Malformed JSON or query parameters',
  401: 'Missing or unknown bearer token',
  404: 'No resource with that ID or key',
  409: 'The source is not connected: no real source is behind it on this machine',
  413: 'Body larger than 64 KiB (a file upload: larger than 64 MiB)',
  415: 'Body is not JSON',
  422: 'The request is well-formed but invalid',
  429: 'The sandbox key\'s quota is used up; see Retry-After',
  503: 'The database is unavailable',
}

const json = (schema: z.ZodMiniType) => ({ 'application/json': { schema: ref(schema) } })
const ok = (schema: z.ZodMiniType, description: string) => ({ description, content: json(schema) })
const common = [401, 429, 503]

export function openApiDocument(): Json {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as unknown as { schemas: Record<string, Json> }
  const components: Json = {}
  for (const [id, schema] of Object.entries(schemas)) {
    delete schema.$schema
    delete schema.id
    components[id] = schema
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carbon Credit Recommendation API',
      version: '1.0.0',
      description:
        'Credence\'s implementation of the Carbon Credit Recommendation API: canonical projects with quality signal breakdowns, batch spot prices, ranked recommendations, the source catalog, ingest runs and source freshness coverage. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: ['Recommendations', 'Projects', 'Prices', 'Sources', 'Files', 'Coverage'].map((name) => ({ name })),
    paths: {
      '/api/recommendations': {
        post: {
          operationId: 'createRecommendation',
          tags: ['Recommendations'],
          summary: 'Rank projects for a brief',
          requestBody: { required: true, content: json(brief) },
          responses: { '201': ok(recommendation, 'The stored recommendation'), ...problems(400, 413, 415, 422, ...common) },
        },
      },
      '/api/recommendations/{id}': {
        get: {
          operationId: 'getRecommendation',
          tags: ['Recommendations'],
          summary: 'Fetch a recommendation again by its ID',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': ok(recommendation, 'The recommendation'), ...problems(404, ...common) },
        },
      },
      '/api/rating-method': {
        get: {
          operationId: 'getRatingMethod',
          tags: ['Projects'],
          summary: 'The open quality rating: its signals, weights, rules and the published evidence they cite',
          responses: { '200': ok(ratingMethod, 'The rating method'), ...problems(...common) },
        },
      },
      '/api/projects': {
        get: {
          operationId: 'listProjects',
          tags: ['Projects'],
          summary: 'List canonical projects, filtered, sorted and paged',
          parameters: parameters(projectListQuery),
          responses: { '200': ok(projectPage, 'One page of projects'), ...problems(400, ...common) },
        },
      },
      '/api/projects/facets': {
        get: {
          operationId: 'listProjectFacets',
          tags: ['Projects'],
          summary: 'The values each project filter can take, with counts under the other filters',
          parameters: parameters(projectFilters),
          responses: { '200': ok(projectFacets, 'Facet values and counts'), ...problems(400, ...common) },
        },
      },
      '/api/catalogue': {
        get: {
          operationId: 'getCatalogue',
          tags: ['Projects'],
          summary: 'What the caller\'s catalogue is made of: real or synthetic, and as of when',
          responses: { '200': ok(catalogue, 'The catalogue'), ...problems(...common) },
        },
      },
      '/api/projects/{id}': {
        get: {
          operationId: 'getProject',
          tags: ['Projects'],
          summary: 'One project, by ID or registry key, with its quality signal breakdown',
          parameters: [{ name: 'id', in: 'path', required: true, description: 'Project ID (prj_…) or registry key (VCS191)', schema: { type: 'string' } }],
          responses: { '200': ok(projectDetail, 'The project'), ...problems(404, ...common) },
        },
      },
      '/api/connectors/marketsource/market/batch': {
        get: {
          operationId: 'batchSpotPrices',
          tags: ['Prices'],
          summary: 'Spot prices for up to 100 project keys',
          parameters: parameters(priceBatchQuery).map((p) => ({ ...p, schema: { type: 'string', description: 'Comma-separated project keys, at most 100' } })),
          responses: { '200': ok(priceBatch, 'Prices, with unknown and unpriced keys listed'), ...problems(400, ...common) },
        },
      },
      '/api/sources': {
        get: {
          operationId: 'listSources',
          tags: ['Sources'],
          summary: 'The data source catalog with freshness and last run',
          responses: { '200': ok(sourceList, 'Every source'), ...problems(...common) },
        },
      },
      '/api/files': {
        post: {
          operationId: 'uploadFile',
          tags: ['Files'],
          summary: 'Upload a file for a source run to import (at most 64 MiB)',
          parameters: parameters(fileUploadQuery),
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
              'multipart/form-data': {
                schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
              },
            },
          },
          responses: {
            '201': { description: 'The stored file', headers: { Location: { schema: { type: 'string' } } }, content: json(uploadedFile) },
            ...problems(400, 413, 415, 422, ...common),
          },
        },
      },
      '/api/files/{id}': {
        get: {
          operationId: 'getFile',
          tags: ['Files'],
          summary: 'One uploaded file\'s description',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': ok(uploadedFile, 'The file'), ...problems(404, ...common) },
        },
      },
      '/api/source-runs': {
        post: {
          operationId: 'createSourceRun',
          tags: ['Sources'],
          summary: 'Enqueue an ingest run of a connector',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'A retry with the same key and body returns the same run; another body with the key is a 422',
              schema: { type: 'string', maxLength: 255 },
            },
          ],
          requestBody: { required: true, content: json(sourceRunRequest) },
          responses: {
            '202': {
              description: 'The run, queued (or the earlier run for a replayed Idempotency-Key)',
              headers: { Location: { schema: { type: 'string' } } },
              content: json(sourceRun),
            },
            ...problems(400, 409, 413, 415, 422, ...common),
          },
        },
        get: {
          operationId: 'listSourceRuns',
          tags: ['Sources'],
          summary: 'Recent runs, newest first',
          parameters: parameters(sourceRunListQuery),
          responses: { '200': ok(sourceRunPage, 'One page of runs'), ...problems(400, ...common) },
        },
      },
      '/api/source-runs/{id}': {
        get: {
          operationId: 'getSourceRun',
          tags: ['Sources'],
          summary: 'One run, to follow its progress',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': ok(sourceRun, 'The run'), ...problems(404, ...common) },
        },
      },
      '/api/coverage': {
        get: {
          operationId: 'getCoverage',
          tags: ['Coverage'],
          summary: 'Source freshness, projects by sources, in a compact shape',
          parameters: parameters(coverageQuery),
          responses: { '200': ok(coverageMatrix, 'The matrix'), ...problems(400, ...common) },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token, or the sandbox key' } },
      schemas: components,
      responses: Object.fromEntries(
        Object.entries(problemDescriptions).map(([status, description]) => [
          `Problem${status}`,
          { description, content: { 'application/problem+json': { schema: ref(problem) } } },
        ]),
      ),
    },
  }
}
