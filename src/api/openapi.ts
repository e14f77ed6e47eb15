import * as z from 'zod/mini'
import { problem } from './contract/errors'
import { everyEndpointErrors, repeatedParams, routeTable, type ResponseHeader, type Route } from './route-table'

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

function queryParameters(schema: z.ZodMiniObject): Json[] {
  const repeated = repeatedParams(schema)
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

const problemDescriptions: Record<number, string> = {
  400: 'Malformed JSON, path or query parameters',
  401: 'Missing or unknown bearer token',
  404: 'No resource with that ID or key',
  409: 'The source is not connected: no real source is behind it on this machine',
  410: 'The shortlist was deleted: the problem says when',
  413: 'Body larger than 64 KiB (a file upload: larger than 64 MiB)',
  415: 'Body is not JSON',
  422: 'The request is well-formed but invalid',
  429: "The sandbox key's quota is used up (or its room for uploads); see Retry-After",
  503: 'The database is unavailable, or busy (a run writing) past the 2 s a request waits for it; see Retry-After',
}

const headerDescriptions: Record<string, { description: string; schema: Json }> = {
  'X-Request-Id': { description: "The request's id: the client's own when short and plain, else one made for it; our logs name it", schema: { type: 'string' } },
  'RateLimit-Limit': { description: 'Sandbox key only: requests allowed per window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Sandbox key only: requests left in this window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Sandbox key only: seconds until the window resets', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'Sandbox key only: the quota, as `limit;w=window seconds`', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
  'WWW-Authenticate': { description: 'The Bearer scheme, and why the credential was refused (RFC 6750)', schema: { type: 'string' } },
  Location: { description: "The new resource's URL", schema: { type: 'string' } },
  'Idempotent-Replayed': { description: '`true` when this answer is the earlier run of a replayed Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
  'Content-Disposition': { description: 'An attachment, with the file name to save it under', schema: { type: 'string' } },
}

/** The headers on a response: the request id always, the sandbox quota after the key is known, and the response's own. */
function responseHeaders(status: number, own: readonly ResponseHeader[] = []): Json {
  const names = [
    'X-Request-Id',
    ...(status === 401 ? ['WWW-Authenticate'] : ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']),
    ...(status === 429 || status === 503 ? ['Retry-After'] : []),
    ...own,
  ]
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]))
}

const json = (schema: z.ZodMiniType) => ({ 'application/json': { schema: ref(schema) } })

/** A file answered as it is, its bytes of the media type named (a workbook), not JSON. */
const file = (mediaType: string) => ({ [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } })

const uploadBody = {
  required: true,
  content: {
    'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
    'multipart/form-data': {
      schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    },
  },
}

function operation(operationId: string, route: Route): Json {
  const parameters = [
    ...Object.entries(route.pathParams ?? {}).map(([name, description]) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } })),
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.headers ?? []).map((header) => ({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: { type: 'string', pattern: header.pattern },
    })),
  ]
  const { success } = route
  return {
    operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: route.body.kind === 'json' ? { required: true, content: json(route.body.schema) } : uploadBody } : {}),
    responses: {
      [String(success.status)]: { description: success.description, headers: responseHeaders(success.status, success.headers), content: success.file ? file(success.file.mediaType) : json(success.schema) },
      ...Object.fromEntries(
        [...route.errors, ...everyEndpointErrors].sort((a, b) => a - b).map((status) => [String(status), { $ref: `#/components/responses/Problem${status}` }]),
      ),
    },
  }
}

function paths(): Json {
  const byPath: Record<string, Json> = {}
  for (const [operationId, route] of Object.entries(routeTable)) {
    byPath[route.endpoint.path] ??= {}
    byPath[route.endpoint.path][route.endpoint.method] = operation(operationId, route)
  }
  return byPath
}

export function openApiDocument(): Json {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as unknown as { schemas: Record<string, Json> }
  const components: Json = {}
  for (const [id, schema] of Object.entries(schemas)) {
    // Each schema's place in the document is its name; a `$id` of a JSON pointer is not a valid base URI in 2020-12.
    delete schema.$schema
    delete schema.$id
    delete schema.id
    components[id] = schema
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carbon Credit Recommendation API',
      version: '1.0.0',
      description:
        "Credence's implementation of the Carbon Credit Recommendation API: canonical projects with quality signal breakdowns, batch spot prices, ranked recommendations, the source catalog, ingest runs and source freshness coverage. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: ['Recommendations', 'Projects', 'Credits', 'Beneficiaries', 'Prices', 'Sources', 'Files', 'Coverage'].map((name) => ({ name })),
    paths: paths(),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token, or the sandbox key' } },
      schemas: components,
      headers: headerDescriptions,
      responses: Object.fromEntries(
        Object.entries(problemDescriptions).map(([status, description]) => [
          `Problem${status}`,
          { description, headers: responseHeaders(Number(status)), content: { 'application/problem+json': { schema: ref(problem) } } },
        ]),
      ),
    },
  }
}
