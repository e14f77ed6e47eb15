import { rmSync } from 'node:fs'
import { buildServerForRun, serverBuildVariable } from './support/server-build'
import { closeStoreTemplates, openStoreTemplates, storeTemplatesVariable } from './support/store-templates'

/**
 * What the lanes of `npm test` share (tests/run-all.sh): one build of the API and one folder of store templates,
 * made before they start and removed once they end. Each lane's global setup would otherwise build the API and seed
 * its templates again: the checks lane's component and PostgreSQL passes, the server lane's two runs of vitest, and
 * the browser lane, whose Berkeley-seeded API is the server suites' template. A template is prepared by whichever
 * process asks for it first, lanes beside each other included (store-templates.ts).
 *
 * `open` prints the variables to export; `close` removes what they name.
 */
const [command] = process.argv.slice(2)
if (command === 'open') {
  const build = await buildServerForRun()
  const templates = openStoreTemplates()
  console.log(`export ${serverBuildVariable}='${build}' ${storeTemplatesVariable}='${templates}'`)
} else if (command === 'close') {
  const templates = process.env[storeTemplatesVariable]
  const build = process.env[serverBuildVariable]
  if (templates) await closeStoreTemplates(templates)
  if (build) rmSync(build, { recursive: true, force: true })
} else {
  console.error('usage: run-shares.ts open | close')
  process.exit(2)
}
