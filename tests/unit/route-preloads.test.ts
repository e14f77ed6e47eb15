import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { preloadedModules, preloadLinks } from '../../proxy/route-preloads'

/** A manifest shaped as Vite writes it: the entry, a route with a chunk it shares with the entry and one of its own. */
const manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_jsx-runtime-1.js'] },
  '_jsx-runtime-1.js': { file: 'assets/jsx-runtime-1.js' },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['index.html', '_jsx-runtime-1.js'], css: ['assets/table-1.css'] },
  'src/app/routes/recommendation.tsx': {
    file: 'assets/recommendation-1.js',
    imports: ['index.html', '_jsx-runtime-1.js', '_table-1.js'],
    css: ['assets/recommendation-1.css'],
  },
  'src/api/contract/recommendations.ts': { file: 'assets/recommendations-1.js', imports: ['index.html', '_table-1.js'] },
  'src/app/routes/brief.tsx': { file: 'assets/brief-1.js', imports: ['index.html'] },
}

const hrefs = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1])

describe('the pages\' preloads', () => {
  it('names a shortlist\'s data, the shortlist it refines, and its modules, each once, leaving out what the entry loads', () => {
    const html = preloadLinks(manifest, '/recommendations/rec_1?vs=rec_0')
    expect(hrefs(html, 'preload').filter((href) => href.startsWith('/api'))).toEqual(['/api/catalogue', '/api/recommendations/rec_1', '/api/recommendations/rec_0'])
    expect(hrefs(html, 'modulepreload')).toEqual(['/assets/table-1.js', '/assets/recommendation-1.js', '/assets/recommendations-1.js'])
    expect(hrefs(html, 'preload').filter((href) => href.endsWith('.css'))).toEqual(['/assets/table-1.css', '/assets/recommendation-1.css'])
  })

  it('names the brief\'s choices on the home page', () => {
    expect(hrefs(preloadLinks(manifest, '/'), 'preload')).toEqual(['/api/catalogue', '/api/projects/facets'])
  })

  it('names the first page of the kept shortlists, and no read for another page', () => {
    // As written in the attribute, its ampersand escaped.
    expect(hrefs(preloadLinks(manifest, '/shortlists'), 'preload')).toEqual(['/api/catalogue', '/api/recommendations?page=1&amp;per_page=20'])
    expect(hrefs(preloadLinks(manifest, '/shortlists?page=2'), 'preload')).toEqual(['/api/catalogue'])
  })

  it('encodes what the address carries and names no read for a path that is not valid percent-encoding', () => {
    const html = preloadLinks(manifest, '/recommendations/a%22%3E%3Cscript%3E')
    expect(html).not.toContain('<script')
    expect(hrefs(html, 'preload')).toContain('/api/recommendations/a%22%3E%3Cscript%3E')
    const reads = hrefs(preloadLinks(manifest, '/recommendations/%E0%A4%A'), 'preload').filter((href) => href.startsWith('/api'))
    expect(reads).toEqual(['/api/catalogue'])
  })

  it('names modules that exist: a page module renamed or moved would otherwise lose its hints without a word', () => {
    expect(preloadedModules().filter((source) => !existsSync(source))).toEqual([])
    expect(preloadedModules()).toContain('src/app/routes/recommendation.tsx')
  })

  it('names only the catalogue on a page it does not know', () => {
    expect(preloadLinks(manifest, '/nowhere/at/all')).toBe('<link rel="preload" href="/api/catalogue" as="fetch" crossorigin>')
  })
})
