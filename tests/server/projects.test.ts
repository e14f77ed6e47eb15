import { describe, expect, inject, it } from 'vitest'
import { projectDetail, projectFacets, projectPage } from '../../src/api/contract/projects'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { call } from '../support/http'
import { keyOrder } from '../../src/server/catalogue/key-order'
import { nameOrder } from '../../src/server/projects/project-search'

const api = inject('apiUrl')

describe('GET /api/projects', () => {
  it('pages 50 projects by default with the total count, sorted by key', async () => {
    const answer = await call(api, '/api/projects')
    expect(answer.status).toBe(200)
    const page = projectPage.parse(answer.body)
    expect(page.data).toHaveLength(50)
    expect(page.total).toBeGreaterThanOrEqual(2000)
    const keys = page.data.map((p) => p.key)
    expect(keys).toEqual([...keys].sort())
  })

  it('pages at most 200', async () => {
    const page = projectPage.parse((await call(api, '/api/projects?per_page=200&page=2')).body)
    expect(page.data).toHaveLength(200)
    expect(page.page).toBe(2)
  })

  it('filters by several values of one filter and by minimum vintage', async () => {
    const page = projectPage.parse((await call(api, '/api/projects?registry=CAR&registry=ACR&vintage_min=2015&per_page=200')).body)
    expect(page.total).toBeGreaterThan(0)
    for (const p of page.data) {
      expect(['CAR', 'ACR']).toContain(p.registry)
      expect(p.vintage).toBeGreaterThanOrEqual(2015)
    }
  })

  it('searches key and name, case-insensitively, treating % and _ literally', async () => {
    const first = projectPage.parse((await call(api, '/api/projects?per_page=1')).body).data[0]
    const byKey = projectPage.parse((await call(api, `/api/projects?q=${first.key.toLowerCase()}`)).body)
    expect(byKey.data.map((p) => p.key)).toContain(first.key)
    const wildcard = projectPage.parse((await call(api, '/api/projects?q=%25%25%25')).body)
    expect(wildcard.total).toBe(0)
    // Each word in the key or the name, in any order; a key typed with a space is the key.
    const named = projectPage.parse((await call(api, '/api/projects?per_page=200')).body).data.find((p) => p.name.trim().split(/\s+/).length >= 3)!
    const [firstWord, , thirdWord] = named.name.toLowerCase().split(/\s+/)
    const byWords = projectPage.parse((await call(api, `/api/projects?per_page=200&q=${encodeURIComponent(`${thirdWord} ${firstWord}`)}`)).body)
    expect(byWords.data.map((p) => p.key)).toContain(named.key)
    for (const p of byWords.data) for (const word of [firstWord, thirdWord]) expect(`${p.key} ${p.name}`.toLowerCase()).toContain(word)
    for (const written of [first.key.replace(/^([A-Z]+)/, '$1 '), first.key.replace(/^([A-Z]+)/, '$1-')]) {
      expect(projectPage.parse((await call(api, `/api/projects?q=${encodeURIComponent(written)}`)).body).data.map((p) => p.key), written).toContain(first.key)
    }
  })

  it('lists first the project whose key is the text searched, whatever the sort, and the rest in the sort\'s order', async () => {
    const keys: string[] = []
    for (let page = 1; keys.length === 0 || keys.length % 200 === 0; page++) {
      const data = projectPage.parse((await call(api, `/api/projects?per_page=200&page=${page}`)).body).data
      if (data.length === 0) break
      keys.push(...data.map((p) => p.key))
    }
    // A key that begins others (VCS191 of VCS1910 to VCS1915), whose projects sorted by quality may stand above it.
    const key = keys.find((k) => keys.filter((other) => other.startsWith(k)).length >= 3)!
    expect(key).toBeDefined()
    for (const written of [key, key.toLowerCase(), key.replace(/^([A-Z]+)/, '$1-')]) {
      for (const sort of ['-quality_score', 'quality_score', '-key']) {
        const found = projectPage.parse((await call(api, `/api/projects?q=${encodeURIComponent(written)}&sort=${sort}`)).body)
        expect(found.data[0].key, `${written} by ${sort}`).toBe(key)
        expect(found.total).toBe(keys.filter((k) => k.includes(key)).length)
        // The others as the sort orders them.
        const rest = found.data.slice(1)
        const values = rest.flatMap<string | number>((p) => (sort === '-key' ? [keyOrder(p.key)] : p.quality.score === null ? [] : [p.quality.score]))
        const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
        expect(values).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted)
      }
    }
    // Counted once, on the page it stands first on: page 2 does not list it again.
    const second = projectPage.parse((await call(api, `/api/projects?q=${key}&sort=-quality_score&per_page=1&page=2`)).body)
    expect(second.data.map((p) => p.key)).not.toContain(key)
  })

  it('gives the same order for the same input, and sorts descending with nulls last', async () => {
    const path = '/api/projects?sort=-quality_score&per_page=200'
    const [a, b] = await Promise.all([call(api, path), call(api, path)])
    expect(a.body.data.map((p: { key: string }) => p.key)).toEqual(b.body.data.map((p: { key: string }) => p.key))
    const scores = projectPage.parse(a.body).data.map((p) => p.quality.score ?? -1)
    expect(scores).toEqual([...scores].sort((x, y) => y - x))
  })

  it('pages through a filtered result in order, each project once, ties by key and nulls last in both directions', async () => {
    const filter = 'registry=VCS&registry=GS'
    for (const sort of ['vintage', '-vintage', 'name', '-credits_remaining']) {
      const first = projectPage.parse((await call(api, `/api/projects?${filter}&sort=${sort}&per_page=200`)).body)
      const pages = Math.ceil(first.total / 200)
      const rest = await Promise.all(
        Array.from({ length: pages - 1 }, (_, i) => call(api, `/api/projects?${filter}&sort=${sort}&per_page=200&page=${i + 2}`)),
      )
      const all = [first, ...rest.map((answer) => projectPage.parse(answer.body))].flatMap((page) => page.data)
      expect(all).toHaveLength(first.total)
      expect(new Set(all.map((p) => p.key)).size).toBe(first.total)
      const value = (p: (typeof all)[number]) =>
        // Names as a reader orders them (tests/unit/project-order.test.ts holds that order).
        sort.endsWith('vintage') ? p.vintage : sort.endsWith('name') ? nameOrder(p.name) : p.credits.remaining
      // Ties by key as a reader orders keys: VCS999 before VCS1000, as sort=key orders them.
      const byKey = (a: (typeof all)[number], b: (typeof all)[number]) => (keyOrder(a.key) < keyOrder(b.key) ? -1 : keyOrder(a.key) > keyOrder(b.key) ? 1 : a.key < b.key ? -1 : 1)
      const expected = [...all].sort((a, b) => {
        const [x, y] = [value(a), value(b)]
        if (x === null || y === null) return x === y ? byKey(a, b) : x === null ? 1 : -1
        const order = x < y ? -1 : x > y ? 1 : 0
        return (sort.startsWith('-') ? -order : order) || byKey(a, b)
      })
      expect(all.map((p) => p.key), sort).toEqual(expected.map((p) => p.key))
    }
  })

  it('filters by label', async () => {
    const facets = projectFacets.parse((await call(api, '/api/projects/facets')).body)
    const label = facets.facets.label[0]
    const page = projectPage.parse((await call(api, `/api/projects?label=${encodeURIComponent(label.value)}`)).body)
    expect(page.total).toBe(label.count)
    for (const p of page.data) expect(p.labels).toContain(label.value)
  })
})

describe('GET /api/projects/facets', () => {
  it('lists each filter\'s values with counts that add up to the total', async () => {
    const facets = projectFacets.parse((await call(api, '/api/projects/facets')).body)
    const sum = facets.facets.registry.reduce((total, v) => total + v.count, 0)
    expect(sum).toBe(facets.total)
    expect(facets.facets.type.length).toBeGreaterThan(10)
    expect(facets.facets.co_benefit.length).toBeGreaterThan(0)
  })

  it('counts under text search and vintage exactly as the list filters', async () => {
    for (const query of ['q=gs1', 'q=%25', 'vintage_min=2018', 'q=cook&vintage_min=2015&label=ICVCM%20CCP-Approved']) {
      const facets = projectFacets.parse((await call(api, `/api/projects/facets?${query}`)).body)
      const page = projectPage.parse((await call(api, `/api/projects?${query}&per_page=1`)).body)
      expect(facets.total).toBe(page.total)
      const byRegistry = facets.facets.registry.reduce((sum, v) => sum + v.count, 0)
      expect(byRegistry).toBe(page.total)
    }
  })

  it('counts a filter\'s own values under the other filters only, so no offered choice yields nothing', async () => {
    const facets = projectFacets.parse((await call(api, '/api/projects/facets?registry=GS')).body)
    expect(facets.facets.registry.map((v) => v.value)).toContain('VCS')
    for (const type of facets.facets.type.slice(0, 5)) {
      const page = projectPage.parse((await call(api, `/api/projects?registry=GS&type=${encodeURIComponent(type.value)}`)).body)
      expect(page.total).toBe(type.count)
    }
  })
})

describe('GET /api/projects/:id', () => {
  it('finds a project by its ID and by its registry key, in any case', async () => {
    const first = projectPage.parse((await call(api, '/api/projects?per_page=1')).body).data[0]
    const byId = projectDetail.parse((await call(api, `/api/projects/${first.id}`)).body)
    const byKey = projectDetail.parse((await call(api, `/api/projects/${first.key.toLowerCase()}`)).body)
    expect(byKey.id).toBe(byId.id)
  })

  it('lists every quality signal with value, weight, source, as-of and evidence, and explains the composite', async () => {
    const first = projectPage.parse((await call(api, '/api/projects?per_page=1&sort=-quality_score')).body).data[0]
    const detail = projectDetail.parse((await call(api, `/api/projects/${first.key}`)).body)
    const breakdown = detail.quality_breakdown
    expect(breakdown.signals).toHaveLength(8)
    expect(breakdown.signals.reduce((sum, s) => sum + s.weight, 0)).toBeCloseTo(1, 5)
    const present = breakdown.signals.filter((s) => s.status === 'present')
    const points = present.reduce((sum, s) => sum + (s.contribution ?? 0), 0)
    expect(points).toBeCloseTo(breakdown.score ?? 0, 0)
    for (const s of present) expect(s.source && s.as_of && s.evidence).toBeTruthy()
    expect(breakdown.method.length).toBeGreaterThan(10)
  })

  it('reports a missing signal as missing, with no value, counted as unknown risk', async () => {
    const found = await (async () => {
      for (let page = 1; page <= 10; page++) {
        const list = projectPage.parse((await call(api, `/api/projects?per_page=200&page=${page}&status=pipeline`)).body)
        for (const p of list.data) {
          const detail = projectDetail.parse((await call(api, `/api/projects/${p.id}`)).body)
          const missing = detail.quality_breakdown.signals.find((s) => s.status === 'missing')
          if (missing) return { detail, missing }
        }
      }
    })()
    expect(found).toBeDefined()
    expect(found!.missing.value).toBeNull()
    const method = ratingMethod.parse((await call(api, '/api/rating-method')).body)
    const unknown = method.signals.find((s) => s.key === found!.missing.key)!.unknown_value
    expect(found!.missing.counted_value).toBe(unknown)
    expect(found!.missing.contribution).toBeCloseTo(100 * found!.missing.weight * unknown, 1)
    expect(found!.detail.quality_breakdown.rated_weight).toBeLessThan(1)
    const missingWeight = found!.detail.quality_breakdown.signals.filter((s) => s.status === 'missing').reduce((sum, s) => sum + s.weight, 0)
    expect(found!.detail.quality_breakdown.rated_weight).toBeCloseTo(1 - missingWeight, 3)
  }, 120_000)

  it('answers 404 problem+json for an unknown key', async () => {
    const answer = await call(api, '/api/projects/VCS99999999')
    expect(answer.status).toBe(404)
    expect(answer.body.detail).toContain('VCS99999999')
  })
})
