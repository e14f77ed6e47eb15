import { request } from 'node:http'
import { describe, expect, inject, it } from 'vitest'
import { latestToday } from '../../src/api/contract/sources'
import { call, tokens } from '../support/http'

/** The edges of a request: dates that are not real, headers too large, ids and paths a client makes up. */
const api = inject('apiUrl')

/** A raw HTTP/1.1 exchange, for what fetch would refuse to send. */
function rawRequest(path: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, api)
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const tomorrowAnywhere = () => {
  const date = new Date(`${latestToday()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

describe('request edges', () => {
  it.each([['0000-01-01'], ['0001-01-01'], ['1989-12-31'], ['9999-12-31'], ['2026-02-30'], ['2025-13-01'], ['tomorrow']])(
    'refuses a run as of %s with 422 naming as_of',
    async (given) => {
      const asOf = given === 'tomorrow' ? tomorrowAnywhere() : given
      const answer = await call(api, '/api/source-runs', { json: { source: 'src_vrod', as_of: asOf }, token: tokens.sandbox })
      expect(answer.status).toBe(422)
      expect(answer.headers.get('content-type')).toContain('application/problem+json')
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain('as_of')
    },
  )

  it('takes a run as of 1990-01-01 and as of today', async () => {
    for (const asOf of ['1990-01-01', new Date().toISOString().slice(0, 10)]) {
      const answer = await call(api, '/api/source-runs', { json: { source: 'src_marketsource', as_of: asOf }, token: tokens.sandbox })
      expect(answer.status).toBe(202)
    }
  })

  it('answers headers over the limit with a 431 problem', async () => {
    const answer = await rawRequest('/api/projects', { authorization: `Bearer ${tokens.live}`, 'x-padding': 'x'.repeat(200 * 1024) })
    expect(answer.status).toBe(431)
    expect(answer.type).toContain('application/problem+json')
    expect(JSON.parse(answer.body)).toMatchObject({ status: 431, type: expect.stringContaining('headers-too-large') })
  })

  it('never echoes an unbounded path as the problem\'s instance', async () => {
    const path = `/api/nothing/${'a'.repeat(5000)}`
    const answer = await call(api, path)
    expect(answer.status).toBe(404)
    expect(answer.body.instance.length).toBeLessThanOrEqual(201)
    expect(answer.text.length).toBeLessThan(2000)
  })

  it('keeps a client\'s request id only when it is short and plain', async () => {
    const plain = await call(api, '/api/projects?per_page=1', { headers: { 'x-request-id': 'trace-42' } })
    expect(plain.headers.get('x-request-id')).toBe('trace-42')
    for (const odd of ['x'.repeat(65), 'has space', 'new\u00e9line', '<script>']) {
      const answer = await call(api, '/api/projects?per_page=1', { headers: { 'x-request-id': odd } })
      const id = answer.headers.get('x-request-id') ?? ''
      expect(id).not.toBe(odd)
      expect(id).toMatch(/^[\w-]{1,64}$/)
    }
  })
})
