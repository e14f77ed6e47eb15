import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appUrl, expect, test } from './fixtures'

/**
 * The app's proxy holds the access token, so it is no open door: a page of another origin can neither make a
 * change through it (a form needs no preflight) nor read what it answers.
 */
let other: Server
let otherUrl = ''
const hostile = `<!doctype html><html lang="en"><title>Another site</title><body>
<form id="f" method="post" enctype="multipart/form-data" action="${appUrl}/api/files">
  <input type="hidden" name="note" value="x"><button>Send</button>
</form></body></html>`

test.beforeAll(async () => {
  other = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(hostile)
  })
  // Any free port of the loopback address: another origin than the app's (localhost), as another site would be.
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`
})
test.afterAll(async () => {
  await new Promise((resolve) => other.close(resolve))
})

test('a cross-site form post through the proxy is refused before it reaches the API', async ({ page }) => {
  await page.goto(otherUrl)
  const [answer] = await Promise.all([page.waitForResponse(`${appUrl}/api/files`), page.locator('#f').evaluate((form: HTMLFormElement) => form.submit())])
  expect(answer.status()).toBe(403)
  expect(answer.headers()['content-type']).toContain('application/problem+json')
  expect(await answer.json()).toMatchObject({ status: 403, type: expect.stringContaining('cross-site-request') })
})

test('another origin can neither post text through the proxy nor read its answers', async ({ page }) => {
  await page.goto(otherUrl)
  const refused = page.waitForResponse((response) => response.url().startsWith(`${appUrl}/api/files`))
  const outcome = await page.evaluate(async (app) => {
    const post = await fetch(`${app}/api/files?name=x.csv`, { method: 'POST', mode: 'no-cors', body: 'a,b\n1,2\n', headers: { 'content-type': 'text/plain' } })
    let read = 'read'
    try {
      await (await fetch(`${app}/api/sources`)).json()
    } catch {
      read = 'refused'
    }
    return { postType: post.type, read }
  }, appUrl)
  // An opaque answer is all a no-cors request gets; the read is refused for want of CORS headers.
  expect(outcome).toEqual({ postType: 'opaque', read: 'refused' })
  expect((await refused).status()).toBe(403)
})

test('the app\'s own page still uploads through the proxy', async ({ page }) => {
  await page.goto('/sources')
  const status = await page.evaluate(async () => {
    const form = new FormData()
    form.append('file', new Blob(['Project ID,Project Name,Voluntary Registry\n']), 'own.csv')
    return (await fetch('/api/files', { method: 'POST', body: form })).status
  })
  expect(status).toBe(201)
})
