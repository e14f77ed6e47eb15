import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appUrl, expect, test } from './fixtures'

/**
 * The app's proxy holds the access token, so it is no open door: a page of another origin can neither make a
 * change through it (a form needs no preflight), nor read what it answers, nor spend the token's reads.
 */
let other: Server
let otherUrl = ''
const hostilePage = (body: string) => `<!doctype html><html lang="en"><title>Another site</title><body>${body}</body></html>`
const hostilePages: Record<string, string> = {
  '/': hostilePage(`<form id="f" method="post" enctype="multipart/form-data" action="${appUrl}/api/files">
  <input type="hidden" name="note" value="x"><button>Send</button>
</form>`),
  // A frame, like an image or a script, needs no permission to be asked for: the browser sends it, and the proxy
  // would add the token. (The browser hides an image's answer even from the test, so a frame is used here.)
  '/reads': hostilePage(
    `<iframe title="Projects" src="${appUrl}/api/projects?per_page=1"></iframe><a href="${appUrl}/projects">Carbon projects</a>`,
  ),
}

test.beforeAll(async () => {
  other = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(hostilePages[request.url ?? '/'] ?? hostilePages['/'])
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

test('another site\'s page cannot spend the token\'s reads: its framed and no-cors reads of /api are refused', async ({ page }) => {
  const framed = page.waitForResponse((response) => response.url() === `${appUrl}/api/projects?per_page=1`)
  await page.goto(`${otherUrl}reads`)
  const refusedFrame = await framed
  expect(refusedFrame.status()).toBe(403)
  expect(refusedFrame.headers()['content-type']).toContain('application/problem+json')
  expect(await refusedFrame.json()).toMatchObject({ status: 403, type: expect.stringContaining('cross-site-request') })

  const read = page.waitForResponse(`${appUrl}/api/sources`)
  const type = await page.evaluate(async (app) => (await fetch(`${app}/api/sources`, { mode: 'no-cors' })).type, appUrl)
  expect(type).toBe('opaque')
  expect((await read).status()).toBe(403)
})

test('a link from another site opens the app, whose own page reads its data through the proxy', async ({ page }) => {
  await page.goto(`${otherUrl}reads`)
  const projects = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/projects' && response.url().startsWith(appUrl))
  await page.getByRole('link', { name: 'Carbon projects' }).click()
  await expect(page).toHaveURL(`${appUrl}/projects`)
  expect((await projects).status()).toBe(200)
  await expect(page.locator('tbody tr[data-index]').first()).toBeVisible()
})

test('an /api address typed into the browser is the person\'s own read, and is answered', async ({ page }) => {
  const answer = await page.goto(`${appUrl}/api/sources`)
  expect(answer?.status()).toBe(200)
})
