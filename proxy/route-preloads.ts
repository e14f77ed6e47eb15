import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { routeReads, type RouteReads } from '../src/app/route-reads.ts'
import { appRoutes, routeModuleSource, type RouteModule } from '../src/app/route-table.ts'
import { endpoints, endpointUrl } from '../src/api/endpoints.ts'

/** One entry of the build's manifest (`build.manifest`), keyed there by its source file. */
interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** What a page asks for before it can draw: its modules (source files, as the manifest names them) and its API reads. */
interface PagePreload {
  pattern: RegExp
  modules: string[]
  reads?: RouteReads['reads']
}

/** A route's path as an anchored pattern whose one group is its parameter: `/projects/:id` → `^\/projects\/([^/]+)$`. */
function addressPattern(path: string) {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '(.+)'
    if (segment.startsWith(':')) return '([^/]+)'
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  })
  return new RegExp(`^${segments.join('\\/')}$`)
}

/**
 * Without these hints a page is a chain of round trips, each started by the one before: the entry script, then the
 * catalogue the layout waits for, then the page's module, then (for a shortlist) its schema, then its data. Named in
 * the page's head, they are all asked for at once. An address no route matches (the not-found page) is named none.
 */
const pages: PagePreload[] = (Object.keys(appRoutes) as RouteModule[]).map((module) => ({
  pattern: addressPattern(appRoutes[module].path),
  modules: [routeModuleSource(module), ...(routeReads[module]?.modules ?? [])],
  reads: routeReads[module]?.reads,
}))

/** Every module a page is said to need, as a source path: each must exist, or its page quietly loses its hints. */
export const preloadedModules = () => pages.flatMap((page) => page.modules)

/** The layout reads the catalogue on every page before it draws one. */
const everyPageReads = [endpointUrl(endpoints.getCatalogue)]

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The chunk files a module needs, its imports' first, leaving out the entry's, which the page already loads. */
function chunksOf(manifest: Manifest, source: string, entry: Set<string>, seen = new Set<string>()): ManifestChunk[] {
  if (seen.has(source) || entry.has(source) || !manifest[source]) return []
  seen.add(source)
  const chunk = manifest[source]
  return [...(chunk.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, entry, seen)), chunk]
}

/** The `<link>` elements that ask for a page's modules, styles and data while the entry script loads. */
export function preloadLinks(manifest: Manifest, url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://app.invalid')
  const page = pages.find((one) => one.pattern.test(pathname))
  let reads = everyPageReads
  let chunks: ManifestChunk[] = []
  if (page) {
    const segment = pathname.match(page.pattern)?.[1] ?? ''
    let decoded: string | undefined
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      // A path that is not valid percent-encoding gets no reads named: the page will say it found nothing.
    }
    if (decoded !== undefined) reads = [...reads, ...(page.reads?.(decoded, searchParams) ?? [])]
    const entry = new Set(['index.html', ...(manifest['index.html']?.imports ?? [])])
    const seen = new Set<string>()
    chunks = page.modules.flatMap((source) => chunksOf(manifest, source, entry, seen))
  }
  const links = [
    ...reads.map((path) => `<link rel="preload" href="${escapeAttribute(path)}" as="fetch" crossorigin>`),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(chunk.file)}">`),
    ...chunks.flatMap((chunk) => chunk.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`),
  ]
  return links.join('\n    ')
}

/**
 * A connect middleware for the preview server: answers a page's HTML with its preloads in the head. It runs after
 * the SPA fallback has pointed the request at `/index.html`; the page's own address is in `originalUrl`.
 */
export function routePreloads(distDir: string, headers: Record<string, string>) {
  return (request: IncomingMessage & { originalUrl?: string }, response: ServerResponse, next: () => void) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url !== '/index.html') return next()
    servePage(distDir, headers, request.originalUrl ?? '/', request, response, next)
  }
}

/** The app's page for an address, with the hints of the page it names. */
function servePage(distDir: string, headers: Record<string, string>, url: string, request: IncomingMessage, response: ServerResponse, next: () => void) {
  // Read on each page load (two small files): a build made while the server runs is served as it is.
  let html: string
  let manifest: Manifest
  try {
    html = readFileSync(join(distDir, 'index.html'), 'utf8')
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    // Not built with a manifest: the page is served as built, without hints.
    return next()
  }
  const page = html.replace('</head>', `  ${preloadLinks(manifest, url)}\n  </head>`)
  response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
  response.end(request.method === 'HEAD' ? undefined : page)
}

/**
 * An address whose percent-encoding is broken (`/projects/%E0%A4%A`, a link cut short in an email) is a page of
 * the app like any other, which says what it can of it (no project has that key); Vite's preview answered it with
 * an empty 404, its fallback to the app decoding the address first. Served here, ahead of Vite; the API's paths
 * are left to the API.
 */
export function malformedAddressesAsPages(distDir: string, headers: Record<string, string>) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const url = request.url ?? '/'
    if ((request.method !== 'GET' && request.method !== 'HEAD') || url.startsWith('/api/') || !malformed(url)) return next()
    servePage(distDir, headers, url, request, response, next)
  }
}

/** Whether an address's percent-encoding is broken. */
function malformed(url: string) {
  try {
    // The decoded address is used, not dropped: the config's bundler removes a call whose result is unused.
    return decodeURI(url).length < 0
  } catch {
    return true
  }
}
