import { keepRunTempFolder } from '../support/run-temp-folder'
import { keepServerBuild } from '../support/server-build'

/**
 * The API servers that specs start of their own (startApiServer) start from one build of the API, and keep their
 * data folders in one temporary folder of the run's; both are removed when the run ends. The previews' own API,
 * which the web servers start, runs from source, as `npm run dev` does.
 */
export default async function globalSetup() {
  const dropTempFolder = keepRunTempFolder()
  const dropBuild = await keepServerBuild()
  return async () => {
    dropBuild()
    await dropTempFolder()
  }
}
