import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { endpoints, endpointUrl, type OperationId } from '../../src/api/endpoints'
import { routeTable } from '../../src/api/route-table'
import { startApiServer, type ApiServer } from '../support/api-server'
import { importFiles, retirementsExport, terpelBlocks } from '../support/beneficiary-export'
import { call, tokens, type Answer } from '../support/http'

/**
 * Real answers of every endpoint, successes and errors, checked against the served OpenAPI document: the status is
 * one the operation lists, the body matches the schema of that status, and every header the API sends is one the
 * document names for that response. The document itself compiles in a stock JSON Schema 2020-12 validator.
 */
const api = inject('apiUrl')
const documentId = 'https://credence.example/openapi.json'

// Sent by every response (transport, compression, Hono's secure headers); no API client acts on them.
const transportHeaders = new Set([
  'content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'vary',
  'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'cross-origin-embedder-policy',
  'origin-agent-cluster', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control',
  'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
])

type Json = Record<string, any>
let document: Json
let ajv: Ajv2020

/** A stock Ajv for 2020-12, with the formats, told only the one annotation OpenAPI adds to schemas (`example`). */
function compileDocument(doc: Json) {
  // Union types (`["number", "null"]`) are plain 2020-12; Ajv asks for them to be allowed by name.
  const validator = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  addFormats(validator)
  validator.addVocabulary(['example'])
  // The document is a schema resource whose `components` hold the schemas; references point into it by JSON pointer.
  validator.addKeyword({ keyword: 'components', schemaType: 'object' })
  validator.addSchema({ $id: documentId, components: { schemas: doc.components.schemas } })
  for (const name of Object.keys(doc.components.schemas)) validator.getSchema(`${documentId}#/components/schemas/${name}`)
  return validator
}

const deref = (value: Json): Json => (value.$ref ? value.$ref.split('/').slice(1).reduce((node: Json, part: string) => node[part], document) : value)

const validators = new Map<string, ValidateFunction>()
function validatorFor(schemaRef: string) {
  let validate = validators.get(schemaRef)
  if (!validate) {
    validate = ajv.compile({ $ref: `${documentId}${schemaRef}` })
    validators.set(schemaRef, validate)
  }
  return validate
}

/** What the document says of this answer to this operation, as a list of disagreements (none when it conforms). */
function disagreements(operationId: OperationId, answer: Answer): string[] {
  const { method, path } = endpoints[operationId]
  const operation = document.paths[path]?.[method]
  if (!operation) return [`${method} ${path} is not in the document`]
  const documented = operation.responses[String(answer.status)]
  if (!documented) return [`${operationId} answered ${answer.status}, which it does not list (${Object.keys(operation.responses).join(', ')})`]
  const response = deref(documented)
  const problems: string[] = []
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0].trim()
  const content = response.content?.[mediaType]
  if (!content) problems.push(`${operationId} ${answer.status}: content type ${mediaType} is not documented`)
  else if (!content.schema.$ref) {
    // A file (the shortlist's workbook): its media type is what the document can say of it.
    if (content.schema.contentMediaType !== mediaType) problems.push(`${operationId} ${answer.status}: ${mediaType} is not the file's documented type`)
    if (answer.text.length === 0) problems.push(`${operationId} ${answer.status}: the file is empty`)
  } else {
    const validate = validatorFor(content.schema.$ref)
    if (!validate(answer.body)) problems.push(`${operationId} ${answer.status}: ${ajv.errorsText(validate.errors)}`)
  }
  const named = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()))
  for (const [name] of answer.headers) {
    if (!transportHeaders.has(name) && !named.has(name)) problems.push(`${operationId} ${answer.status}: header ${name} is not documented`)
  }
  return problems
}

const answers: { operationId: OperationId; answer: Answer }[] = []
const record = async (operationId: OperationId, pending: Promise<Answer>) => {
  const answer = await pending
  answers.push({ operationId, answer })
  return answer
}

let limited: ApiServer
beforeAll(async () => {
  document = (await call(api, '/api/openapi.json', { token: null })).body
  limited = await startApiServer({ projects: 50, env: { CREDENCE_SANDBOX_RATE_LIMIT: '1' } })
}, 120_000)
afterAll(() => limited?.stop())

describe('the served OpenAPI document', () => {
  it('compiles in Ajv 2020 with formats, every schema in it', () => {
    ajv = compileDocument(document)
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(20)
    expect(JSON.stringify(document)).not.toContain('"$id"')
  })

  it('lists every endpoint of the route table, and nothing else', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Json).map(([method, op]) => `${(op as Json).operationId} ${method} ${path}`),
    )
    const table = Object.entries(routeTable).map(([id, route]) => `${id} ${route.endpoint.method} ${route.endpoint.path}`)
    expect(documented.sort()).toEqual(table.sort())
  })
})

describe('every endpoint answers as the document says', () => {
  it('in its successes, to the access token and the sandbox key', async () => {
    for (const token of [tokens.live, tokens.sandbox]) {
      const page = await record('listProjects', call(api, endpointUrl(endpoints.listProjects, {}, { per_page: 2, type: ['Wind', 'Hydropower'] }), { token }))
      const key = page.body.data[0]?.key ?? 'VCS1'
      await record('listProjectFacets', call(api, endpointUrl(endpoints.listProjectFacets, {}, { region: 'Asia' }), { token }))
      await record('getProjectCreditHistory', call(api, endpointUrl(endpoints.getProjectCreditHistory), { token }))
      await record('getProject', call(api, endpointUrl(endpoints.getProject, { id: key }), { token }))
      await record('getRatingMethod', call(api, endpointUrl(endpoints.getRatingMethod), { token }))
      await record('getCatalogue', call(api, endpointUrl(endpoints.getCatalogue), { token }))
      await record('batchSpotPrices', call(api, endpointUrl(endpoints.batchSpotPrices, {}, { projectKeys: `${key},NOPE1` }), { token }))
      await record('listSources', call(api, endpointUrl(endpoints.listSources), { token }))
      await record('listSourceRuns', call(api, endpointUrl(endpoints.listSourceRuns, {}, { per_page: 5 }), { token }))
      await record('getCoverage', call(api, endpointUrl(endpoints.getCoverage, {}, { per_page: 5, source: ['src_verra'] }), { token }))
      await record('listCredits', call(api, endpointUrl(endpoints.listCredits, {}, { kind: 'retirement', per_page: 5 }), { token }))
      await record('getCreditTotals', call(api, endpointUrl(endpoints.getCreditTotals, {}, { interval: 'year' }), { token }))
      await record('listCreditBeneficiaries', call(api, endpointUrl(endpoints.listCreditBeneficiaries, {}, { limit: 5 }), { token }))
      const created = await record('createRecommendation', call(api, endpointUrl(endpoints.createRecommendation), { token, json: { budget_usd: 50_000 } }))
      await record('getRecommendation', call(api, endpointUrl(endpoints.getRecommendation, { id: created.body.id }), { token }))
      await record('listRecommendations', call(api, endpointUrl(endpoints.listRecommendations, {}, { per_page: 2 }), { token }))
      await record('renameRecommendation', call(api, endpointUrl(endpoints.renameRecommendation, { id: created.body.id }), { token, method: 'PATCH', json: { name: 'Board paper' } }))
      await record('getRecommendationEvidence', call(api, endpointUrl(endpoints.getRecommendationEvidence, { id: created.body.id }), { token }))
      await record('getRecommendationPack', call(api, endpointUrl(endpoints.getRecommendationPack, { id: created.body.id }), { token }))
      await record('deleteRecommendation', call(api, endpointUrl(endpoints.deleteRecommendation, { id: created.body.id }), { token, method: 'DELETE' }))
    }
    // Uploads and runs as the sandbox key: its runs are simulated and change no data other suites read.
    const sandbox = tokens.sandbox
    const file = await record(
      'uploadFile',
      call(api, endpointUrl(endpoints.uploadFile, {}, { name: 'projects.csv' }), {
        token: sandbox,
        body: 'Project ID,Project Name\nVCS1,One\n',
        headers: { 'content-type': 'application/octet-stream' },
      }),
    )
    await record('getFile', call(api, endpointUrl(endpoints.getFile, { id: file.body.id }), { token: sandbox }))
    const idempotencyKey = `conformance-${Date.now()}`
    const run = await record(
      'createSourceRun',
      call(api, endpointUrl(endpoints.createSourceRun), { token: sandbox, json: { source: 'src_marketsource' }, headers: { 'idempotency-key': idempotencyKey } }),
    )
    await record('getSourceRun', call(api, endpointUrl(endpoints.getSourceRun, { id: run.body.id }), { token: sandbox }))
    const replayed = await record(
      'createSourceRun',
      call(api, endpointUrl(endpoints.createSourceRun), { token: sandbox, json: { source: 'src_marketsource' }, headers: { 'idempotency-key': idempotencyKey } }),
    )
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')

    // Beneficiaries need records: an export written in Verra's manner, imported into this file's own server, whose
    // live data no other suite reads. The sandbox key's decision is computed and never stored; its fixed dataset names
    // no one, so it splits a raw string out (a decision about a name it lacks is refused, as on live data).
    expect((await importFiles(limited.url, 'src_verra', [['transactions.csv', retirementsExport('1340', terpelBlocks)]])).state).toBe('succeeded')
    await record('createBeneficiaryDecision', call(api, endpointUrl(endpoints.createBeneficiaryDecision), { token: sandbox, json: { kind: 'split', spelling: 'ORGANIZACION TERPEL S.A.', into: 'Terpel Colombia' } }))
    const merge = await record(
      'createBeneficiaryDecision',
      call(limited.url, endpointUrl(endpoints.createBeneficiaryDecision), { json: { kind: 'merge', names: ['Terpel', 'Organización Terpel'], into: 'Terpel' } }),
    )
    await record('getBeneficiary', call(limited.url, endpointUrl(endpoints.getBeneficiary, { name: 'Terpel' })))
    // Records by cursor, both ways, from the first page's.
    const records = await record('listCredits', call(limited.url, endpointUrl(endpoints.listCredits, {}, { per_page: 3 })))
    const onward = await record('listCredits', call(limited.url, endpointUrl(endpoints.listCredits, {}, { per_page: 3, after: records.body.next_after })))
    await record('listCredits', call(limited.url, endpointUrl(endpoints.listCredits, {}, { per_page: 3, before: onward.body.previous_before })))
    await record('listBeneficiaryDecisions', call(limited.url, endpointUrl(endpoints.listBeneficiaryDecisions, {}, { per_page: 5 })))
    await record('exportBeneficiaryDecisions', call(limited.url, endpointUrl(endpoints.exportBeneficiaryDecisions)))
    await record('undoBeneficiaryDecision', call(limited.url, endpointUrl(endpoints.undoBeneficiaryDecision, { id: merge.body.id }), { method: 'POST' }))

    expect(answers.filter(({ answer }) => answer.status >= 300).map(({ operationId, answer }) => `${operationId} ${answer.status} ${answer.text.slice(0, 200)}`)).toEqual([])
    expect(new Set(answers.map((a) => a.operationId))).toEqual(new Set(Object.keys(routeTable)))
    expect(answers.flatMap(({ operationId, answer }) => disagreements(operationId, answer))).toEqual([])
  })

  it('in its errors', async () => {
    const errors: { operationId: OperationId; answer: Answer; status: number }[] = []
    const expectError = async (operationId: OperationId, status: number, pending: Promise<Answer>) => {
      errors.push({ operationId, status, answer: await pending })
    }
    // Every endpoint refuses a request without a token, and one with an unknown token.
    for (const [operationId, route] of Object.entries(routeTable) as [OperationId, (typeof routeTable)[OperationId]][]) {
      const url = route.endpoint.path.replace('{id}', 'x')
      await expectError(operationId, 401, call(api, url, { token: null, method: route.endpoint.method.toUpperCase() }))
      await expectError(operationId, 401, call(api, url, { token: 'not-a-token', method: route.endpoint.method.toUpperCase() }))
    }
    await expectError('listProjects', 400, call(api, endpointUrl(endpoints.listProjects, {}, { per_page: 'many' })))
    await expectError('listProjects', 400, call(api, endpointUrl(endpoints.listProjects, {}, { nonsense: 1 })))
    await expectError('listProjectFacets', 400, call(api, endpointUrl(endpoints.listProjectFacets, {}, { q: ['a', 'b'] })))
    await expectError('getProjectCreditHistory', 400, call(api, endpointUrl(endpoints.getProjectCreditHistory, {}, { vintage_min: 1200 })))
    await expectError('getProject', 404, call(api, endpointUrl(endpoints.getProject, { id: 'VCS999999999' })))
    await expectError('getProject', 400, call(api, endpointUrl(endpoints.getProject, { id: 'a\u0000b' })))
    await expectError('batchSpotPrices', 400, call(api, endpointUrl(endpoints.batchSpotPrices)))
    await expectError('getCoverage', 400, call(api, endpointUrl(endpoints.getCoverage, {}, { state: 'purple' })))
    await expectError('listSourceRuns', 400, call(api, endpointUrl(endpoints.listSourceRuns, {}, { per_page: 0 })))
    await expectError('getSourceRun', 404, call(api, endpointUrl(endpoints.getSourceRun, { id: 'run_nope' })))
    await expectError('getFile', 404, call(api, endpointUrl(endpoints.getFile, { id: 'file_nope' })))
    await expectError('getRecommendation', 404, call(api, endpointUrl(endpoints.getRecommendation, { id: 'rec_nope' })))
    await expectError('listRecommendations', 400, call(api, endpointUrl(endpoints.listRecommendations, {}, { per_page: 0 })))
    const rename = endpointUrl(endpoints.renameRecommendation, { id: 'rec_nope' })
    await expectError('renameRecommendation', 404, call(api, rename, { method: 'PATCH', json: { name: 'Mine' } }))
    await expectError('renameRecommendation', 422, call(api, rename, { method: 'PATCH', json: { name: 5 } }))
    await expectError('renameRecommendation', 415, call(api, rename, { method: 'PATCH', body: 'name=Mine', headers: { 'content-type': 'text/plain' } }))
    await expectError('getRecommendationPack', 404, call(api, endpointUrl(endpoints.getRecommendationPack, { id: 'rec_nope' })))
    await expectError('getRecommendationEvidence', 404, call(api, endpointUrl(endpoints.getRecommendationEvidence, { id: 'rec_nope' })))
    await expectError('getBeneficiary', 404, call(api, endpointUrl(endpoints.getBeneficiary, { name: 'No One Of That Name' })))
    await expectError('listCredits', 400, call(api, endpointUrl(endpoints.listCredits, {}, { after: 'not-a-cursor' })))
    await expectError('listCredits', 400, call(limited.url, endpointUrl(endpoints.listCredits, {}, { page: 1900, per_page: 500 })))
    await expectError('listBeneficiaryDecisions', 400, call(api, endpointUrl(endpoints.listBeneficiaryDecisions, {}, { per_page: 0 })))
    await expectError('undoBeneficiaryDecision', 404, call(api, endpointUrl(endpoints.undoBeneficiaryDecision, { id: 'bdc_nope' }), { method: 'POST' }))
    const decisions = endpointUrl(endpoints.createBeneficiaryDecision)
    await expectError('createBeneficiaryDecision', 422, call(api, decisions, { json: { kind: 'merge', names: ['Only one'] } }))
    await expectError('createBeneficiaryDecision', 415, call(api, decisions, { body: 'kind=merge', headers: { 'content-type': 'text/plain' } }))
    const brief = endpointUrl(endpoints.createRecommendation)
    await expectError('createRecommendation', 400, call(api, brief, { body: '{"budget_usd":', headers: { 'content-type': 'application/json' } }))
    await expectError('createRecommendation', 415, call(api, brief, { body: 'budget=5', headers: { 'content-type': 'text/plain' } }))
    await expectError('createRecommendation', 413, call(api, brief, { json: { budget_usd: 5, type: 'x'.repeat(70_000) } }))
    await expectError('createRecommendation', 422, call(api, brief, { json: { budget_usd: -5 } }))
    const runs = endpointUrl(endpoints.createSourceRun)
    await expectError('createSourceRun', 409, call(api, runs, { json: { source: 'src_puro' } }))
    await expectError('createSourceRun', 422, call(api, runs, { json: { source: 'src_nope' } }))
    await expectError('createSourceRun', 400, call(api, runs, { json: { source: 'src_marketsource' }, headers: { 'idempotency-key': ' ' } }))
    await expectError('uploadFile', 400, call(api, endpointUrl(endpoints.uploadFile), { body: 'x', headers: { 'content-type': 'multipart/form-data; boundary=zz' } }))
    await expectError('uploadFile', 422, call(api, endpointUrl(endpoints.uploadFile, {}, { name: 'empty.csv' }), { method: 'POST', body: '', headers: { 'content-type': 'application/octet-stream' } }))
    // The sandbox quota, on a server that allows one request.
    await call(limited.url, endpointUrl(endpoints.listSources), { token: tokens.sandbox })
    await expectError('listSources', 429, call(limited.url, endpointUrl(endpoints.listSources), { token: tokens.sandbox }))

    expect(errors.filter((e) => e.answer.status !== e.status).map((e) => `${e.operationId}: expected ${e.status}, got ${e.answer.status} ${e.answer.text.slice(0, 200)}`)).toEqual([])
    expect(errors.flatMap(({ operationId, answer }) => disagreements(operationId, answer))).toEqual([])
  })
})
