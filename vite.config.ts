import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type ProxyOptions } from 'vite'
import react from '@vitejs/plugin-react'
// With their extensions, as Node resolves them: Vite's native config loader, its next default, reads this file and
// what it imports as Node does, and warned at every start of a config that leaves them out.
import { leaveOutSchemaDescriptions } from './bundling/schema-descriptions.ts'
import { refuseCrossSite, stripCorsHeaders } from './proxy/cross-site-guard.ts'
import { malformedAddressesAsPages, routePreloads } from './proxy/route-preloads.ts'

/**
 * The browser only ever talks to this origin. `/api` is forwarded to CREDENCE_API_URL, or, when that is unset,
 * to the embedded sandbox API this config starts; either way the proxy sets the bearer token (CREDENCE_API_TOKEN,
 * else the first of CREDENCE_ACCESS_TOKENS, else the default access token), so the token never reaches the
 * browser. Because the proxy holds that authority, it forwards only what the app's own pages send (another site's
 * page can neither change nor read through it, nor spend the token's reads) and lets no other origin read what it
 * answers (proxy/cross-site-guard.ts, docs/proxy.md).
 */
const upstreamUrl = process.env.CREDENCE_API_URL?.replace(/\/$/, '')
const apiPort = Number(process.env.API_PORT ?? 8787)
const target = upstreamUrl ?? `http://127.0.0.1:${apiPort}`
const token = process.env.CREDENCE_API_TOKEN || (process.env.CREDENCE_ACCESS_TOKENS || 'dev-access-token').split(',')[0].trim()
const appPort = Number(process.env.PORT ?? 5173)
/**
 * How the embedded API is started: from its source through tsx, as `npm run api` runs it, or from a build of it
 * (the folder `bundling/build-server.ts` writes) named by CREDENCE_API_BUILD, which starts, and starts each parsing
 * worker, without compiling TypeScript: the end-to-end suite's preview runs the build its other test servers run.
 */
const apiBuild = process.env.CREDENCE_API_BUILD
const apiCommand = apiBuild ? [resolve(apiBuild, 'main.js')] : ['--import', 'tsx', 'src/server/main.ts']

const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
}

const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target,
    changeOrigin: true,
    xfwd: false,
    configure(proxy) {
      proxy.on('proxyRes', (response) => stripCorsHeaders(response.headers))
      proxy.on('proxyReq', (request) => {
        // Whatever the browser sent is replaced: the proxy is the only holder of the credential.
        request.removeHeader('authorization')
        request.removeHeader('cookie')
        if (token) request.setHeader('authorization', `Bearer ${token}`)
      })
      proxy.on('error', (_error, _request, response) => {
        if (!('writeHead' in response) || response.headersSent) return
        response.writeHead(502, { 'content-type': 'application/problem+json' })
        response.end(
          JSON.stringify({
            type: 'https://credence.example/problems/upstream-unavailable',
            title: 'API unreachable',
            status: 502,
            detail: 'The Credence API cannot be reached right now. Try again in a moment.',
          }),
        )
      })
    },
  },
}

/** Exit status of an API whose embedded data folder another API holds (src/server/main.ts). */
const exitDataDirInUse = 3

/**
 * Waits for the API child to say it is listening (over the IPC channel), not merely for the port to answer: a
 * port that answers may belong to another API already running there, while ours has stopped on its data folder.
 */
function waitForApi(url: string, child: ChildProcess) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The sandbox API did not start at ${url}`)), 120_000)
    child.once('message', (message) => {
      if (message !== 'listening') return
      clearTimeout(timer)
      resolve()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(
        new Error(
          code === exitDataDirInUse
            ? 'The sandbox API did not start: another API owns its data folder (see its message above). Run this app against it with CREDENCE_API_URL, or set CREDENCE_DATA_DIR to another folder.'
            : `The sandbox API exited with code ${code}`,
        ),
      )
    })
  })
}

/** Refuses another site's requests to /api before the proxy adds the token (see proxy/cross-site-guard.ts). */
function crossSiteGuard(): Plugin {
  return {
    name: 'credence-cross-site-guard',
    configureServer(server) {
      server.middlewares.use(refuseCrossSite)
    },
    configurePreviewServer(server) {
      server.middlewares.use(refuseCrossSite)
    },
  }
}

/**
 * The built app's pages name, in their head, the modules and API reads they will need (proxy/route-preloads.ts), so
 * the browser asks for them alongside the entry script rather than one after another. Added after Vite's SPA fallback
 * has pointed a page's request at index.html, before Vite serves it.
 */
function pagePreloads(): Plugin {
  return {
    name: 'credence-page-preloads',
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(malformedAddressesAsPages(distDir, securityHeaders))
      return () => server.middlewares.use(routePreloads(distDir, securityHeaders))
    },
  }
}

/** Starts the embedded sandbox API next to the dev or preview server and stops it with them. */
function sandboxApi(): Plugin {
  let child: ChildProcess | undefined
  const start = async () => {
    if (upstreamUrl || child || process.env.VITEST) return
    child = spawn(process.execPath, apiCommand, {
      env: { ...process.env, API_PORT: String(apiPort), API_HOST: '127.0.0.1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const stop = () => child?.kill('SIGTERM')
    process.once('exit', stop)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        stop()
        process.exit(0)
      })
    }
    await waitForApi(target, child)
  }
  return {
    name: 'credence-sandbox-api',
    async configureServer(server) {
      await start()
      server.httpServer?.once('close', () => child?.kill('SIGTERM'))
    },
    async configurePreviewServer(server) {
      await start()
      server.httpServer?.once('close', () => child?.kill('SIGTERM'))
    },
  }
}

const routerBuild = (find: RegExp, file: string) => ({ find, replacement: fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url)) })

export default defineConfig(({ command }) => ({
  plugins: [react(), leaveOutSchemaDescriptions(), crossSiteGuard(), pagePreloads(), sandboxApi()],
  // react-router's package exports its development build under every condition (its warnings and checks included);
  // the production build it ships beside it is what a built app should carry. Development keeps the warnings.
  resolve: command === 'build' ? { alias: [routerBuild(/^react-router$/, 'index.mjs'), routerBuild(/^react-router\/dom$/, 'dom-export.mjs')] } : {},
  // No CORS: the app's pages are same-origin with the proxy, and no other origin may read through it.
  server: { port: appPort, strictPort: true, proxy: apiProxy, cors: false },
  preview: { port: appPort, strictPort: true, proxy: apiProxy, headers: securityHeaders, cors: false },
  build: {
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Chunks are named by their hash alone: the entry lists every chunk a route may preload by its file name, and
    // names such as `file-download-link-…` made a twentieth of it (0.5 KB gzip) on every first load. The manifest
    // still says which module each chunk holds.
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
}))
