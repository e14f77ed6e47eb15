import type { TestProject } from 'vitest/node'
import { startApiServer, type ApiServer } from './api-server'
import { keepRunTempFolder } from './run-temp-folder'
import { keepServerBuild } from './server-build'
import { keepStoreTemplates } from './store-templates'
import { startTokenProxy } from './token-proxy'

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string
    proxyUrl: string
    sandboxProxyUrl: string
    dataDir: string
  }
}

/** One shared API for a test project: the server suites speak to it directly, components through a token proxy. */
let server: ApiServer | undefined

export default async function setup(project: TestProject) {
  const dropTempFolder = keepRunTempFolder()
  // Test servers seeded from a file start on copies of this run's template of it (store-templates.ts).
  const dropTemplates = keepStoreTemplates()
  // Test servers start from a build of the API, not its source (server-build.ts).
  const dropBuild = await keepServerBuild()
  // The quota has suites of its own (rate-limit.test.ts); here it is raised so shared suites do not trip it.
  server = await startApiServer({ projects: 2000, env: { CREDENCE_SANDBOX_RATE_LIMIT: '100000', CREDENCE_RUN_STEP_MS: '0' } })
  const live = await startTokenProxy(server.url, 'dev-access-token')
  const sandbox = await startTokenProxy(server.url, 'sandbox-key')
  project.provide('apiUrl', server.url)
  project.provide('proxyUrl', live.url)
  project.provide('sandboxProxyUrl', sandbox.url)
  project.provide('dataDir', server.dataDir)
  return async () => {
    for (const proxy of [live, sandbox]) {
      proxy.server.close()
      proxy.server.closeAllConnections()
    }
    await server?.stop()
    await dropTemplates()
    dropBuild()
    await dropTempFolder()
  }
}
