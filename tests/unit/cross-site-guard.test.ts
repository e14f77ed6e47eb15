import { describe, expect, it } from 'vitest'
import { crossSiteRefusal, stripCorsHeaders } from '../../proxy/cross-site-guard'

const host = 'localhost:5173'

describe('the proxy\'s cross-site guard', () => {
  it('forwards reads from the app\'s own pages and from an address the person typed or bookmarked', () => {
    for (const method of ['GET', 'HEAD']) {
      expect(crossSiteRefusal(method, { host, 'sec-fetch-site': 'same-origin' })).toBeNull()
      expect(crossSiteRefusal(method, { host, 'sec-fetch-site': 'none' })).toBeNull()
      expect(crossSiteRefusal(method, { host, origin: 'http://localhost:5173' })).toBeNull()
    }
  })

  it('refuses reads another site\'s page sends, or another port of the same host: they would spend the token\'s reads', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      for (const site of ['cross-site', 'same-site']) expect(crossSiteRefusal(method, { host, 'sec-fetch-site': site })).toContain(site)
    }
    expect(crossSiteRefusal('GET', { host, origin: 'http://localhost:3000' })).toContain('http://localhost:3000')
  })

  it('forwards reads that say nothing of where they come from (curl, scripts, tests), as before', () => {
    expect(crossSiteRefusal('GET', { host })).toBeNull()
  })

  it('forwards a change from the app\'s own pages', () => {
    expect(crossSiteRefusal('POST', { host, 'sec-fetch-site': 'same-origin' })).toBeNull()
    expect(crossSiteRefusal('DELETE', { host, origin: 'http://localhost:5173' })).toBeNull()
  })

  it('refuses a change from another site, another port of the same host, or nowhere said', () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(crossSiteRefusal('POST', { host, 'sec-fetch-site': site, origin: 'http://localhost:5173' })).toContain(site)
    }
    expect(crossSiteRefusal('PUT', { host, origin: 'http://localhost:3000' })).toContain('http://localhost:3000')
    expect(crossSiteRefusal('PATCH', { host, origin: 'null' })).toContain('null')
    expect(crossSiteRefusal('post', { host })).toContain('does not say')
  })

  it('strips every CORS header from what it forwards', () => {
    const headers: Record<string, unknown> = { 'Access-Control-Allow-Origin': '*', 'access-control-allow-credentials': 'true', 'content-type': 'application/json' }
    stripCorsHeaders(headers)
    expect(headers).toEqual({ 'content-type': 'application/json' })
  })
})
