import { spawn } from 'node:child_process'
import { freePort, tempDataDir } from '../support/api-server'

/** The production build behind `vite preview`, with its embedded API on a fresh database, for measuring. */
export async function startPreview(env: Record<string, string> = {}) {
  const port = await freePort()
  const apiPort = await freePort()
  const child = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], {
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), CREDENCE_DATA_DIR: tempDataDir(), CREDENCE_LOG: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (Date.now() > deadline) throw new Error('vite preview did not start')
    try {
      if ((await fetch(`${url}/api/sources`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    // The preview runs in its own process group, with the API as its child: stop them together.
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // already gone
      }
    },
  }
}
