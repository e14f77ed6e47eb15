import { describe, expect, inject, it } from 'vitest'
import { problem } from '../../src/api/contract/errors'
import { call } from '../support/http'

const api = inject('apiUrl')

function expectProblem(answer: { status: number; headers: Headers; body: unknown }, status: number) {
  expect(answer.status).toBe(status)
  expect(answer.headers.get('content-type')).toContain('application/problem+json')
  expect(problem.parse(answer.body).status).toBe(status)
}

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate: Bearer when the token is missing', async () => {
    const answer = await call(api, '/api/projects', { token: null })
    expectProblem(answer, 401)
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /)
  })

  it('answers 401 for an unknown token, and for a header that is not a bearer token', async () => {
    expectProblem(await call(api, '/api/projects', { token: 'not-a-real-token' }), 401)
    const basic = await call(api, '/api/projects', { token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expectProblem(basic, 401)
    expect(basic.headers.get('www-authenticate')).toContain('invalid_request')
  })

  it('serves the OpenAPI document without a token', async () => {
    const answer = await call(api, '/api/openapi.json', { token: null })
    expect(answer.status).toBe(200)
    expect(answer.body.openapi).toBe('3.1.0')
  })
})

describe('malformed requests', () => {
  it('answers 404 problem+json for an unknown endpoint', async () => {
    expectProblem(await call(api, '/api/nothing-here'), 404)
  })

  it('answers 400 for malformed JSON', async () => {
    const answer = await call(api, '/api/recommendations', { body: '{"budget_usd": 1', headers: { 'content-type': 'application/json' } })
    expectProblem(answer, 400)
  })

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await call(api, '/api/recommendations', { body: 'budget_usd=100', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expectProblem(answer, 415)
  })

  it('answers 413 above 64 KiB', async () => {
    const answer = await call(api, '/api/recommendations', { json: { budget_usd: 1000, padding: 'x'.repeat(70_000) } })
    expectProblem(answer, 413)
  })

  it('answers 422 with the invalid fields of a brief', async () => {
    const answer = await call(api, '/api/recommendations', {
      json: { budget_usd: -5, vintage_min: 1200, co_benefits: ['biodiversity', 'unicorns'] },
    })
    expectProblem(answer, 422)
    const paths = answer.body.errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['budget_usd', 'vintage_min', 'co_benefits.1']))
  })

  it('answers 422 when budget_usd is missing or above ten billion', async () => {
    expectProblem(await call(api, '/api/recommendations', { json: {} }), 422)
    expectProblem(await call(api, '/api/recommendations', { json: { budget_usd: 10_000_000_001 } }), 422)
  })

  it('answers 400 for an unknown or repeated query parameter, naming it', async () => {
    const unknown = await call(api, '/api/projects?colour=green')
    expectProblem(unknown, 400)
    expect(unknown.body.errors[0].path).toBe('colour')
    const repeated = await call(api, '/api/projects?sort=key&sort=name')
    expectProblem(repeated, 400)
    expect(repeated.body.errors[0].path).toBe('sort')
  })

  it('says a bound in words a person reads beside the field, not the validator\'s own', async () => {
    const long = await call(api, `/api/projects?q=${'x'.repeat(201)}`)
    expectProblem(long, 400)
    expect(long.body.errors).toEqual([{ path: 'q', message: 'At most 200 characters' }])
    expect((await call(api, '/api/projects?per_page=201')).body.errors).toEqual([{ path: 'per_page', message: 'At most 200' }])
    expect((await call(api, '/api/projects?page=0')).body.errors).toEqual([{ path: 'page', message: 'At least 1' }])
  })

  it('answers 400 for out-of-range paging and an unknown sort', async () => {
    expectProblem(await call(api, '/api/projects?per_page=201'), 400)
    expectProblem(await call(api, '/api/projects?page=0'), 400)
    expectProblem(await call(api, '/api/projects?sort=-colour'), 400)
  })

  it('answers a 404 problem, not a 5xx, for a broken percent-encoding in a path', async () => {
    expectProblem(await call(api, '/api/projects/%E0%A4%A'), 404)
    expectProblem(await call(api, '/api/recommendations/%ZZ'), 404)
  })

  it('sends nosniff and no permissive CORS', async () => {
    const answer = await call(api, '/api/projects', { headers: { origin: 'https://elsewhere.example' } })
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })
})
