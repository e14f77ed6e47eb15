import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { freePort, tempDataDir } from './api-server'

/** `vite preview` of the production build (dist/), with the proxy that forwards `/api`. */
export interface PreviewServer {
  url: string
  stop(): Promise<void>
}

/**
 * The preview in front of an API this test controls. It waits for the app, not for the API: the upstream
 * may well be down, which is what some tests are about.
 */
export function startPreview(upstreamUrl: string, token = 'dev-access-token'): Promise<PreviewServer> {
  return launch({ CREDENCE_API_URL: upstreamUrl, CREDENCE_API_TOKEN: token }, '/')
}

/** The preview in front of an API with no token configured: the proxy sends its default, the first access token. */
export function startPreviewWithDefaultToken(upstreamUrl: string): Promise<PreviewServer> {
  return launch({ CREDENCE_API_URL: upstreamUrl, CREDENCE_API_TOKEN: '', CREDENCE_ACCESS_TOKENS: '' }, '/')
}

/** The preview with the embedded API it starts itself, on a fresh database; ready once the API answers. */
export async function startPreviewWithApi(env: Record<string, string> = {}): Promise<PreviewServer> {
  const apiPort = await freePort()
  return launch({ API_PORT: String(apiPort), CREDENCE_DATA_DIR: tempDataDir(), CREDENCE_LOG: 'silent', ...env }, '/api/sources')
}

/** Starts the preview on a free port in a process group of its own, so `stop` ends it and anything it started. */
async function launch(env: Record<string, string>, readyPath: string): Promise<PreviewServer> {
  const port = await freePort()
  // Vite's own script, not through npx, which spends half a CPU-second finding it each time.
  const child = spawn(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'preview', '--port', String(port), '--strictPort'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    await exited
  }

  const url = `http://localhost:${port}`
  // Generous: with its own API, the first start generates the dataset.
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`vite preview did not start:\n${output}`)
    }
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, stop }
}
