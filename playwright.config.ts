import { defineConfig } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * End-to-end tests drive Debian's Chromium against the production build served by `vite preview`, whose proxy
 * starts the embedded API on a fresh database. A second preview talks to the same API with the sandbox key.
 */
const appPort = Number(process.env.E2E_APP_PORT ?? 4173)
const sandboxAppPort = Number(process.env.E2E_SANDBOX_APP_PORT ?? 4174)
const apiPort = Number(process.env.E2E_API_PORT ?? 8797)
const prismPort = Number(process.env.E2E_PRISM_PORT ?? 4010)
const contractAppPort = Number(process.env.E2E_CONTRACT_APP_PORT ?? 4175)
const madeDataDir = !process.env.E2E_DATA_DIR
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'credence-e2e-'))
process.env.E2E_DATA_DIR = dataDir
// Removed as the run's own process exits, once its web servers (and the API the previews started) have stopped;
// the workers, which read this file too, find the folder named in their environment and leave it alone.
if (madeDataDir) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))

/** The sandbox key's rate window here: short, so the quota tests wait seconds rather than a minute. */
export const sandboxRateWindowMs = 10_000

/** Vite's own script, not through npx, which spends half a CPU-second finding it for each server. */
const vite = 'node node_modules/vite/bin/vite.js'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One spec at a time: they share one API and its sandbox quota, and faults.spec.ts stops the PostgreSQL cluster.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${appPort}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  projects: [{ name: 'chromium', use: {} }],
  webServer: [
    {
      command: `${vite} preview --port ${appPort} --strictPort`,
      url: `http://localhost:${appPort}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Stopped as a user stops it, so the API it started removes its sandbox uploads (killed outright, it cannot).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(appPort),
        API_PORT: String(apiPort),
        CREDENCE_DATA_DIR: dataDir,
        CREDENCE_SANDBOX_RATE_WINDOW_MS: String(sandboxRateWindowMs),
        // The embedded API starts on generated data (quick, what the suites assume); a suite imports the real file.
        CREDENCE_LIVE_DATA: process.env.E2E_LIVE_DATA ?? 'synthetic',
        // Within `npm test`, from the build every test server of the run starts from (tests/run-shares.ts).
        ...(process.env.CREDENCE_TEST_SERVER_BUILD ? { CREDENCE_API_BUILD: process.env.CREDENCE_TEST_SERVER_BUILD } : {}),
      },
    },
    {
      command: `${vite} preview --port ${sandboxAppPort} --strictPort`,
      url: `http://localhost:${sandboxAppPort}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(sandboxAppPort),
        CREDENCE_API_URL: `http://127.0.0.1:${apiPort}`,
        CREDENCE_API_TOKEN: 'sandbox-key',
      },
    },
    {
      // A validating proxy generated from the OpenAPI document: a request or response off the contract is an error.
      command: `node --import tsx tests/e2e/write-openapi.ts test-results/openapi.json && node node_modules/.bin/prism proxy test-results/openapi.json http://127.0.0.1:${apiPort} --errors --host 127.0.0.1 --port ${prismPort}`,
      url: `http://127.0.0.1:${prismPort}/api/sources`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
    {
      command: `${vite} preview --port ${contractAppPort} --strictPort`,
      url: `http://localhost:${contractAppPort}/`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { PORT: String(contractAppPort), CREDENCE_API_URL: `http://127.0.0.1:${prismPort}`, CREDENCE_API_TOKEN: 'dev-access-token' },
    },
  ],
})

export const e2e = { appPort, sandboxAppPort, contractAppPort, apiPort, prismPort, dataDir }
