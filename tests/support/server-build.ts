import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const buildVariable = 'CREDENCE_TEST_SERVER_BUILD'

/**
 * Builds the API once for a test run, into a folder of the run's own, and points every test server the run starts at
 * it (the variable passes to every worker); removed when the run ends. Nested setups share the first one's build,
 * and within `npm test` every lane shares the one it made before they started (tests/run-shares.ts).
 */
export async function keepServerBuild(): Promise<() => void> {
  if (process.env[buildVariable]) return () => {}
  const folder = await buildServerForRun()
  process.env[buildVariable] = folder
  return () => {
    delete process.env[buildVariable]
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The variable that points test servers at a build; `npm test` builds once for all its lanes (tests/run-shares.ts). */
export const serverBuildVariable = buildVariable

/** A new build of the API, in a folder of its own under dist-server/. */
export async function buildServerForRun(): Promise<string> {
  // Inside the project, whatever the working folder: the build finds its packages in node_modules from where it
  // lies. Worked out here, in the setup's process: under jsdom, where component suites import this file, a module's
  // URL is not a file's.
  const builds = fileURLToPath(new URL('../../dist-server', import.meta.url))
  mkdirSync(builds, { recursive: true })
  // Loaded here, in the setup's process: esbuild refuses to load in jsdom, where component suites import this file.
  const { buildServer } = await import('../../bundling/build-server')
  return buildServer(mkdtempSync(join(builds, 'run-')))
}

/**
 * How node starts the API: this run's build, or the source through tsx where no setup built it (the bench, which
 * measures the API as it is deployed).
 *
 * A test's API lives for seconds, so its build runs with V8 compiling WebAssembly by the baseline compiler alone
 * (`--liftoff-only`): the optimising compiler's work on the embedded store's hot functions does not pay for itself
 * in so short a life. Measured on the server suites, 28 Nov 2026: a start to listening 1.2 CPU-s rather than 1.9;
 * the whole lane 525 CPU-s and 290 s rather than 571 CPU-s and 311 s. `optimisingTier` keeps the optimising
 * compiler, as a deployed API has it, for suites that time reads beside an import or push a million records through
 * the store, which the baseline code makes slower (the million-row import of registry-slices.test.ts took 35 s against
 * 29 s, alone).
 */
export function apiEntry({ optimisingTier = false } = {}): string[] {
  const folder = process.env[buildVariable]
  if (!folder) return ['--import', 'tsx', 'src/server/main.ts']
  return [...(optimisingTier ? [] : ['--liftoff-only']), '--enable-source-maps', join(folder, 'main.js')]
}
