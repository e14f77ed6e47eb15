import { spawn } from 'node:child_process'
import { freePort } from './api-server'

/** `vite preview` of the production build (dist/), its proxy forwarding `/api` to an API this test controls. */
export interface PreviewServer {
  url: string
  stop(): Promise<void>
}

/**
 * Starts the preview on a free port in a process group of its own, so `stop` ends it and anything it started.
 * It waits for the app, not for the API: the upstream may well be down, which is what some tests are about.
 */
export async function startPreview(upstreamUrl: string, token = 'dev-access-token'): Promise<PreviewServer> {
  const port = await freePort()
  const child = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    env: { ...process.env, PORT: String(port), CREDENCE_API_URL: upstreamUrl, CREDENCE_API_TOKEN: token },
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
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}:\n${output}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`vite preview did not start:\n${output}`)
    }
    try {
      if ((await fetch(`${url}/`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, stop }
}
