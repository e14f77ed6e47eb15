import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { apiEntry } from '../support/server-build'

describe('start-up', () => {
  it('refuses to listen on a non-loopback address while a default credential is in use', () => {
    const result = spawnSync(process.execPath, apiEntry(), {
      env: { ...process.env, API_HOST: '0.0.0.0', API_PORT: '0', CREDENCE_DATA_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('default credentials')
  })

  it('refuses a configuration it cannot parse, naming the variable', () => {
    const result = spawnSync(process.execPath, apiEntry(), {
      env: { ...process.env, API_PORT: 'eighty', CREDENCE_DATA_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('API_PORT')
  })
})
