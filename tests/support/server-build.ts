import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const buildVariable = 'CREDENCE_TEST_SERVER_BUILD'

/**
 * Builds the API once for a test run, into a folder of the run's own (another run beside it, the browser lane's,
 * builds its own), and points every test server the run starts at it (the variable passes to every worker);
 * removed when the run ends. Nested setups share the first one's build.
 */
export async function keepServerBuild(): Promise<() => void> {
  if (process.env[buildVariable]) return () => {}
  // Inside the project, whatever the working folder: the build finds its packages in node_modules from where it
  // lies. Worked out here, in the setup's process: under jsdom, where component suites import this file, a module's
  // URL is not a file's.
  const builds = fileURLToPath(new URL('../../dist-server', import.meta.url))
  mkdirSync(builds, { recursive: true })
  // Loaded here, in the setup's process: esbuild refuses to load in jsdom, where component suites import this file.
  const { buildServer } = await import('../../bundling/build-server')
  const folder = await buildServer(mkdtempSync(join(builds, 'run-')))
  process.env[buildVariable] = folder
  return () => {
    delete process.env[buildVariable]
    rmSync(folder, { recursive: true, force: true })
  }
}

/** How node starts the API: this run's build, or the source through tsx where no setup built it. */
export function apiEntry(): string[] {
  const folder = process.env[buildVariable]
  return folder ? ['--enable-source-maps', join(folder, 'main.js')] : ['--import', 'tsx', 'src/server/main.ts']
}
