import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { problem } from '../api/contract/errors'
import { sourceRun } from '../api/contract/sources'
import { endpoints, endpointUrl } from '../api/endpoints'
import { progressNoun, runAccount } from '../api/run-account'
import { fileSources, sourceFor } from './sources/source-list'
import { readEnv } from './env'

/**
 * `npm run import -- [--source verra] <file…> [--as-of YYYY-MM-DD]`: uploads the files to the running API and
 * imports them in one run of the source (Berkeley's database unless `--source` names a registry, whose export is
 * several files), printing its progress until it ends. It goes through the API because the embedded database has
 * one owning process, and so that the import is the same as one made from /sources.
 */
const usage = 'Usage: npm run import -- [--source <connector>] <file…> [--as-of YYYY-MM-DD]'

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'as-of': { type: 'string' }, source: { type: 'string' }, help: { type: 'boolean' } },
  })
  if (values.help || positionals.length === 0) {
    console.error(usage)
    return values.help ? 0 : 2
  }
  // Berkeley's database unless --source names another source.
  const source = values.source === undefined ? fileSources().find((s) => s.runs === 'berkeley') : sourceFor(values.source)
  if (!source || !source.traits.acceptsFiles) {
    const names = fileSources().map((s) => s.connector).join(', ')
    console.error(`--source takes a source that imports files (${names}), not "${values.source}".\n${usage}`)
    return 2
  }
  if (source.runs !== 'registry' && positionals.length > 1) {
    console.error(`${source.name} takes one file; give one.\n${usage}`)
    return 2
  }
  const asOf = values['as-of']
  if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) {
    console.error(`--as-of takes a date as YYYY-MM-DD, not "${asOf}".\n${usage}`)
    return 2
  }
  const env = readEnv()
  const api = (env.CREDENCE_API_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/$/, '')
  const token = env.CREDENCE_API_TOKEN ?? env.CREDENCE_ACCESS_TOKENS[0]
  const headers = { authorization: `Bearer ${token}` }

  const ask = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(`${api}${url}`, { ...init, headers: { ...headers, ...init.headers } }).catch((error: Error) => {
      throw new Error(`The API at ${api} did not answer (${error.message}); start it with npm run api, or set CREDENCE_API_URL.`)
    })
    const body = await response.json().catch(() => null)
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${refusal(body) ?? response.statusText}`)
    return body
  }

  const fileIds: string[] = []
  for (const path of positionals) {
    const bytes = await readFile(path).catch((error: Error) => {
      throw new Error(`Cannot read ${path}: ${error.message}`)
    })
    console.log(`Uploading ${basename(path)} (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MiB) to ${api}…`)
    const file = await ask(endpointUrl(endpoints.uploadFile, {}, { name: basename(path) }), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([bytes]),
    })
    console.log(`Uploaded as ${file.id} (sha256 ${file.sha256.slice(0, 12)}…)`)
    fileIds.push(file.id)
  }
  const files = fileIds.length === 1 ? { file_id: fileIds[0] } : { file_ids: fileIds }
  let run = sourceRun.parse(
    await ask(endpointUrl(endpoints.createSourceRun), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: source.id, ...files, ...(asOf ? { as_of: asOf } : {}) }),
    }),
  )
  console.log(`Run ${run.id} queued`)
  let last = ''
  while (run.state === 'queued' || run.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 500))
    run = sourceRun.parse(await ask(endpointUrl(endpoints.getSourceRun, { id: run.id })))
    // Named for what the run counts, as the app names it: a registry's export is projects and records.
    const { processed, total, of } = run.progress
    const line = [`${run.state}: ${processed}`, ...(total === null ? [] : [`of ${total}`]), progressNoun(of, total ?? processed)].filter(Boolean).join(' ')
    if (line !== last) console.log(line)
    last = line
  }
  if (run.state === 'failed') {
    console.error(`Run ${run.id} failed (${run.error?.code}): ${run.error?.message}`)
    return 1
  }
  console.log(`Run ${run.id} succeeded, as of ${run.as_of?.slice(0, 10) ?? 'unknown'}: ${runAccount(run)?.join(' · ')}`)
  return 0
}

/** A refusal in the API's words: its detail, then each field it names, as the app shows them beside the field. */
function refusal(body: unknown): string | undefined {
  const parsed = problem.safeParse(body)
  if (!parsed.success) return undefined
  const fields = (parsed.data.errors ?? []).map((error) => `\n  ${error.path}: ${error.message}`)
  return `${parsed.data.detail}${fields.join('')}`
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message)
    process.exit(1)
  },
)
