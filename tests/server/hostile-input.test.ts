import fc from 'fast-check'
import { describe, expect, inject, it } from 'vitest'
import type * as z from 'zod/mini'
import { coverageMatrix } from '../../src/api/contract/coverage'
import { problem } from '../../src/api/contract/errors'
import { priceBatch } from '../../src/api/contract/prices'
import { projectDetail, projectFacets, projectPage } from '../../src/api/contract/projects'
import { recommendation } from '../../src/api/contract/recommendations'
import { sourceList, sourceRun, sourceRunPage } from '../../src/api/contract/sources'
import { call, tokens } from '../support/http'

/**
 * Requests generated from the contract, valid and hostile, against every endpoint. Whatever arrives, the API
 * must answer without a 5xx, every error must be problem+json, and every success must match its schema.
 */
const api = inject('apiUrl')

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; drop table projects; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uD800',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '=HYPERLINK("x")',
    'VCS191',
    'Wind',
    'x'.repeat(5000),
    '{{7*7}}',
    '${jndi:ldap://x}',
  ),
)
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2025, 1990, 10_000_000_000, 10_000_000_001),
)
const anyJson = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 30 }))
const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

const queryValue = fc.oneof(hostileString, hostileNumber.map(String), fc.constantFrom('', '-quality_score', 'stalest', 'stale'))
const queryParams = (names: string[]) =>
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), hostileString), queryValue), { maxLength: 8 }).map((pairs) => {
    const search = new URLSearchParams()
    for (const [name, value] of pairs) search.append(name, value)
    return search.toString()
  })

const briefs = fc.oneof(
  fc.record(
    {
      type: anyJson,
      region: anyJson,
      budget_usd: fc.oneof(hostileNumber, anyJson),
      vintage_min: fc.oneof(hostileNumber, anyJson),
      co_benefits: fc.oneof(fc.array(fc.oneof(fc.constantFrom('biodiversity', 'water', 'sdg_3'), hostileString), { maxLength: 25 }), anyJson),
      shortlist_size: fc.oneof(hostileNumber, anyJson),
    },
    { requiredKeys: [] },
  ),
  anyJson,
)

async function expectContract(answer: Awaited<ReturnType<typeof call>>, success: z.ZodMiniType) {
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)
  if (answer.status >= 400) {
    expect(answer.headers.get('content-type')).toContain('application/problem+json')
    expect(problem.safeParse(answer.body).success, answer.text.slice(0, 300)).toBe(true)
  } else {
    const parsed = success.safeParse(answer.body)
    expect(parsed.success, parsed.error?.message).toBe(true)
  }
}

const runs = { numRuns: 60 }

/** A lone surrogate cannot be put in a URL at all (encodeURIComponent throws), so no client can send one. */
const encodable = (text: string) => {
  try {
    encodeURIComponent(text)
    return true
  } catch {
    return false
  }
}

describe('hostile input, generated from the contract', () => {
  it('GET /api/projects never answers 5xx and keeps its contract', async () => {
    const names = ['q', 'type', 'scope', 'region', 'country', 'registry', 'status', 'label', 'co_benefit', 'vintage_min', 'sort', 'page', 'per_page']
    await fc.assert(fc.asyncProperty(queryParams(names), async (query) => expectContract(await call(api, `/api/projects?${query}`), projectPage)), runs)
  })

  it('GET /api/projects/facets never answers 5xx and keeps its contract', async () => {
    const names = ['q', 'type', 'region', 'registry', 'label', 'vintage_min']
    await fc.assert(fc.asyncProperty(queryParams(names), async (query) => expectContract(await call(api, `/api/projects/facets?${query}`), projectFacets)), runs)
  })

  it('GET /api/projects/:id never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString.filter(encodable), async (id) =>
        expectContract(await call(api, `/api/projects/${encodeURIComponent(id)}`), projectDetail),
      ),
      runs,
    )
  })

  it('the batch price lookup never answers 5xx, including 10,000 keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(hostileString.filter(encodable), fc.constantFrom('VCS191', 'GS337')), { maxLength: 150 }), async (keys) =>
        expectContract(await call(api, `/api/connectors/marketsource/market/batch?projectKeys=${encodeURIComponent(keys.join(','))}`), priceBatch),
      ),
      runs,
    )
    const many = Array.from({ length: 10_000 }, (_, i) => `VCS${i}`).join(',')
    await expectContract(await call(api, `/api/connectors/marketsource/market/batch?projectKeys=${many}`), priceBatch)
    await expectContract(await call(api, '/api/connectors/marketsource/market/batch?projectKeys=VCS1&projectKeys=VCS2'), priceBatch)
  })

  it('POST /api/recommendations never answers 5xx and keeps its contract', async () => {
    await fc.assert(fc.asyncProperty(briefs, async (brief) => expectContract(await call(api, '/api/recommendations', { json: brief }), recommendation)), runs)
  })

  it('POST /api/recommendations survives deep JSON, duplicated keys and odd content types', async () => {
    for (const body of [deepJson(10_000), '{"budget_usd": 1, "budget_usd": -1}', '\uFEFF{"budget_usd": 10}', 'null', '[]', '"x"']) {
      await expectContract(await call(api, '/api/recommendations', { body, headers: { 'content-type': 'application/json' } }), recommendation)
    }
    for (const type of ['text/plain', 'application/jsonx', 'multipart/form-data; boundary=x', '']) {
      await expectContract(await call(api, '/api/recommendations', { body: '{"budget_usd":5}', headers: { 'content-type': type } }), recommendation)
    }
  })

  it('POST /api/source-runs never answers 5xx, with or without hostile Idempotency-Keys', async () => {
    const request = fc.record({ source: anyJson, project_keys: fc.oneof(fc.array(hostileString, { maxLength: 5 }), anyJson) }, { requiredKeys: [] })
    await fc.assert(
      fc.asyncProperty(request, fc.option(fc.string({ maxLength: 300 })), async (body, key) => {
        const headers: Record<string, string> = {}
        // fetch itself refuses header values with control characters; those never reach a server.
        if (key !== null && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key
        // The sandbox key keeps this from queueing real runs against the live data.
        await expectContract(await call(api, '/api/source-runs', { json: body, headers, token: tokens.sandbox }), sourceRun)
      }),
      runs,
    )
  })

  it('GET /api/source-runs, /api/sources and /api/coverage never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(queryParams(['source', 'state', 'page', 'per_page']), async (query) => {
        await expectContract(await call(api, `/api/source-runs?${query}`), sourceRunPage)
        await expectContract(await call(api, `/api/sources?${query}`), sourceList)
      }),
      runs,
    )
    await fc.assert(
      fc.asyncProperty(queryParams(['project', 'source', 'type', 'region', 'state', 'sort', 'page', 'per_page']), async (query) =>
        expectContract(await call(api, `/api/coverage?${query}`), coverageMatrix),
      ),
      runs,
    )
  })

  it('GET /api/recommendations/:id and /api/source-runs/:id never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString.filter(encodable), async (id) => {
        await expectContract(await call(api, `/api/recommendations/${encodeURIComponent(id)}`), recommendation)
        await expectContract(await call(api, `/api/source-runs/${encodeURIComponent(id)}`), sourceRun)
      }),
      runs,
    )
  })
})
