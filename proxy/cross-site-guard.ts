import type { IncomingMessage, ServerResponse } from 'node:http'

/** Methods that change something: the proxy adds the access token to them only for the app's own pages. */
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Why the proxy refuses to forward this request, or null when it may. The proxy holds the access token, so every
 * request it forwards acts with the token's authority and spends its reads: it forwards only what the app's own
 * pages send. Browsers say where a request comes from in `Sec-Fetch-Site` (every current browser), else in
 * `Origin`, and a page cannot forge either. A read the person asked for themselves (an address typed or
 * bookmarked: `none`) is theirs; a change never comes that way. A request with neither header is not from a
 * browser page: such clients call the API itself with a token of their own, not the app's proxy, and reads of
 * theirs pass as before.
 */
export function crossSiteRefusal(method: string, headers: { host?: string; origin?: string; 'sec-fetch-site'?: string }): string | null {
  const changes = stateChanging.has(method.toUpperCase())
  const site = headers['sec-fetch-site']
  if (site !== undefined) {
    if (site === 'same-origin' || (site === 'none' && !changes)) return null
    return `the request came from another site (Sec-Fetch-Site: ${site.slice(0, 40)})`
  }
  const origin = headers.origin
  if (origin === undefined) return changes ? 'the request does not say where it came from (no Sec-Fetch-Site or Origin)' : null
  const own = headers.host ? [`http://${headers.host}`, `https://${headers.host}`] : []
  return own.includes(origin) ? null : `the request came from ${origin.slice(0, 100)}, not from this app`
}

/** A connect middleware for the dev and preview servers: refuses, as a 403 problem, what `crossSiteRefusal` refuses. */
export function refuseCrossSite(request: IncomingMessage, response: ServerResponse, next: () => void) {
  if (!request.url?.startsWith('/api')) return next()
  const reason = crossSiteRefusal(request.method ?? 'GET', request.headers as Record<string, string | undefined>)
  if (!reason) return next()
  response.writeHead(403, { 'content-type': 'application/problem+json', 'cache-control': 'no-store' })
  response.end(
    JSON.stringify({
      type: 'https://credence.example/problems/cross-site-request',
      title: 'Cross-site request refused',
      status: 403,
      detail: `The app's proxy answers only the app's own pages; ${reason}. Call the API with a token of your own instead.`,
    }),
  )
}

/** The proxy answers for the app's origin alone: no response it forwards lets another origin read it. */
export function stripCorsHeaders(headers: Record<string, unknown>) {
  for (const name of Object.keys(headers)) if (name.toLowerCase().startsWith('access-control-')) delete headers[name]
}
