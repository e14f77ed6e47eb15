import { describe, expect, inject, it } from 'vitest'
import { priceBatch } from '../../src/api/contract/prices'
import { projectPage } from '../../src/api/contract/projects'
import { call } from '../support/http'

const api = inject('apiUrl')
const batch = (keys: string) => call(api, `/api/connectors/marketsource/market/batch?projectKeys=${encodeURIComponent(keys)}`)

describe('GET /api/connectors/marketsource/market/batch', () => {
  it('quotes each known key with value, currency, unit, as-of and source, and lists unknown keys', async () => {
    const projects = projectPage.parse((await call(api, '/api/projects?status=registered&per_page=5')).body).data
    const keys = projects.map((p) => p.key)
    const answer = priceBatch.parse((await batch([...keys, 'VCS0000000', 'NOPE1'].join(','))).body)
    expect(answer.unknown_keys).toEqual(['VCS0000000', 'NOPE1'])
    expect(answer.data.length + answer.unpriced_keys.length).toBe(keys.length)
    const names = new Map(projects.map((p) => [p.key, p.name]))
    for (const price of answer.data) {
      expect(price).toMatchObject({ currency: 'USD', unit: 'tCO2e', simulated: true, name: names.get(price.key) })
      expect(price.value).toBeGreaterThan(0)
    }
  })

  it('answers each key once however often it is asked', async () => {
    const key = projectPage.parse((await call(api, '/api/projects?status=registered&per_page=1')).body).data[0].key
    const answer = priceBatch.parse((await batch(`${key},${key}, ${key}`)).body)
    expect(answer.data.length + answer.unpriced_keys.length).toBe(1)
  })

  it('refuses more than 100 keys with 400 saying the limit', async () => {
    const keys = Array.from({ length: 101 }, (_, i) => `VCS${i + 1}`).join(',')
    const answer = await batch(keys)
    expect(answer.status).toBe(400)
    expect(answer.body.errors[0].message).toContain('100')
  })

  it('refuses a missing or empty projectKeys with 400', async () => {
    expect((await call(api, '/api/connectors/marketsource/market/batch')).status).toBe(400)
    expect((await batch(',,')).status).toBe(400)
  })
})
