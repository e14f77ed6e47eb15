import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { tempDataDir } from '../support/api-server'
import { call } from '../support/http'

const api = inject('apiUrl')

describe('GET /api/openapi.json', () => {
  it('documents every endpoint of the contract', async () => {
    const document = (await call(api, '/api/openapi.json', { token: null })).body
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/connectors/marketsource/market/batch',
        '/api/catalogue',
        '/api/coverage',
        '/api/files',
        '/api/files/{id}',
        '/api/projects',
        '/api/projects/facets',
        '/api/projects/{id}',
        '/api/rating-method',
        '/api/recommendations',
        '/api/recommendations/{id}',
        '/api/source-runs',
        '/api/source-runs/{id}',
        '/api/sources',
      ].sort(),
    )
  })

  it('passes the Redocly linter with no errors', async () => {
    const document = (await call(api, '/api/openapi.json', { token: null })).text
    const file = join(tempDataDir(), 'openapi.json')
    writeFileSync(file, document)
    const result = await promisify(execFile)('npx', ['redocly', 'lint', file, '--format=stylish'], { timeout: 60_000 }).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    )
    expect(`${result.stdout}\n${result.stderr}`).not.toMatch(/\berror\b.*\n/i)
    expect('code' in result ? result.code : 0).toBe(0)
  }, 90_000)
})
