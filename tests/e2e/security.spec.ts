import { createServer } from 'node:http'
import { connect } from 'node:net'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { appUrl, expect, test, tokens } from './fixtures'

/** The token lives in the proxy alone: never in the build, a browser-visible response, or browser storage. */
const secrets = [tokens.live, tokens.sandbox]

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

test('the built files hold no token', () => {
  const files = filesUnder('dist')
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const secret of secrets) expect(text.includes(secret), `${file} holds a token`).toBe(false)
  }
})

test('no request from the browser carries a token, and no response or storage shows one', async ({ page, apiRequests }) => {
  const seen: string[] = []
  page.on('response', async (response) => {
    const headers = JSON.stringify(await response.allHeaders())
    const body = response.request().resourceType() === 'image' ? '' : await response.text().catch(() => '')
    seen.push(headers, body)
  })
  for (const path of ['/', '/projects', '/prices', '/sources', '/coverage']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(apiRequests.length).toBeGreaterThan(0)
  for (const request of apiRequests) expect(request.headers.authorization).toBeUndefined()
  const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }))
  for (const secret of secrets) {
    expect(storage).not.toContain(secret)
    for (const text of seen) expect(text.includes(secret)).toBe(false)
  }
})

test('a token the browser sends is replaced, not forwarded', async ({ request }) => {
  const answer = await request.get(`${appUrl}/api/sources`, { headers: { authorization: 'Bearer sandbox-key' } })
  expect(answer.status()).toBe(200)
  // The live token was used upstream, so no sandbox quota headers come back.
  expect(answer.headers()['ratelimit-limit']).toBeUndefined()
})

test('the production preview sends a strict Content-Security-Policy and companions', async ({ request }) => {
  const answer = await request.get(`${appUrl}/`)
  const headers = answer.headers()
  expect(headers['content-security-policy']).toContain("script-src 'self'")
  expect(headers['content-security-policy']).not.toContain('unsafe-inline')
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('no view breaks that policy: no blocked script, eval or style as each one loads', async ({ page }) => {
  // A library that probes for eval (and catches the refusal) is reported all the same: browsers log it as a
  // violation and audits count it, so the app must not try what its own policy forbids.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  for (const path of ['/', '/projects', '/prices', '/sources', '/coverage']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
    expect(violations, path).toEqual([])
  }
})

test('the proxy only forwards to its upstream: a request naming another host is not fetched from it', async () => {
  let canaryHits = 0
  const canary = createServer((_request, response) => {
    canaryHits++
    response.end('canary')
  })
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve))
  const address = canary.address()
  const canaryHost = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const { hostname, port } = new URL(appUrl)
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname)
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
    socket.write(`GET http://${canaryHost}/api/sources HTTP/1.1\r\nHost: ${canaryHost}\r\nConnection: close\r\n\r\n`)
  })
  canary.close()
  expect(canaryHits).toBe(0)
  expect(raw).not.toContain('canary')
})
