import { request } from 'node:http'
import { gunzipSync, inflateSync } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'
import { acceptsGzip } from '../../src/server/http/json-answer'
import { tokens } from '../support/http'

/** How the API sends JSON: bytes with their length, gzipped for a client that takes gzip, and saying it varies so. */
const api = inject('apiUrl')

/** A raw exchange, so the bytes are seen as sent (fetch would inflate them). */
function exchange(path: string, acceptEncoding: string | null): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, api)
    const headers: Record<string, string> = { authorization: `Bearer ${tokens.live}` }
    if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('a JSON answer', () => {
  it('is gzipped for a client that takes gzip, with the length of what is sent and Vary: Accept-Encoding', async () => {
    const sent = await exchange('/api/projects?per_page=50', 'gzip, deflate, br')
    expect(sent.status).toBe(200)
    expect(sent.headers['content-encoding']).toBe('gzip')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(String(sent.headers.vary)).toMatch(/accept-encoding/i)
    expect(Number(sent.headers['content-length'])).toBe(sent.bytes.length)
    const page = JSON.parse(gunzipSync(sent.bytes).toString('utf8'))
    expect(page.data).toHaveLength(50)

    // The same answer, as it is, for a client that takes no encoding or refuses gzip.
    for (const refused of [null, 'identity', 'gzip;q=0']) {
      const plain = await exchange('/api/projects?per_page=50', refused)
      expect(plain.headers['content-encoding'], String(refused)).toBeUndefined()
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i)
      expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length)
      expect(JSON.parse(plain.bytes.toString('utf8'))).toEqual(page)
    }
    // A client that takes deflate alone still gets it, from Hono's compress middleware.
    const deflated = await exchange('/api/projects?per_page=50', 'gzip;q=0, deflate')
    expect(deflated.headers['content-encoding']).toBe('deflate')
    expect(JSON.parse(inflateSync(deflated.bytes).toString('utf8'))).toEqual(page)
  })

  it('goes as it is when it is small, a problem among them, with its own type', async () => {
    const sent = await exchange('/api/projects/NO-SUCH-PROJECT', 'gzip')
    expect(sent.status).toBe(404)
    expect(sent.headers['content-encoding']).toBeUndefined()
    expect(sent.headers['content-type']).toBe('application/problem+json')
    expect(Number(sent.headers['content-length'])).toBe(sent.bytes.length)
    expect(JSON.parse(sent.bytes.toString('utf8'))).toMatchObject({ status: 404, title: 'Not found' })
  })
})

describe('Accept-Encoding', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['GZIP', true],
    ['deflate, gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0, *', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *;q=0.1', true],
  ])('%s takes gzip: %s', (header, takes) => {
    expect(acceptsGzip(header)).toBe(takes)
  })
})
