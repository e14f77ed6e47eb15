import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, inject, it } from 'vitest'
import { everyEndpointErrors, routeTable } from '../../src/api/route-table'
import { tempDataDir } from '../support/api-server'
import { call } from '../support/http'

const api = inject('apiUrl')

describe('GET /api/openapi.json', () => {
  it('documents every record of the route table at its path and method, with the errors it lists', async () => {
    const document = (await call(api, '/api/openapi.json', { token: null })).body
    for (const [operationId, route] of Object.entries(routeTable)) {
      const operation = document.paths[route.endpoint.path]?.[route.endpoint.method]
      expect(operation?.operationId).toBe(operationId)
      const statuses = Object.keys(operation.responses).map(Number)
      expect(statuses).toEqual(expect.arrayContaining([route.success.status, ...route.errors, ...everyEndpointErrors]))
    }
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
