import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { endpoints, endpointUrl } from '../api/endpoints'
import { projectDetail, type ProjectDetail } from '../api/contract/projects'
import { readEnv } from './env'
import { reconcileProject, type FileProject } from './projects/reconcile-with-file'
import { creditYearColumn, readVrodBytes, type VrodRow } from './importers/vrod-read'

/**
 * `npm run check-data -- <berkeley file>`: for every project of Berkeley's file, whether the running API's issued,
 * retired and remaining, in total and per vintage, are the file's. It prints each project that differs and why,
 * then a count; it exits 1 when any differs. It asks the API, as `npm run import` does, because the embedded store
 * has one owning process, and because what the API serves is what a buyer sees.
 */
const usage = 'Usage: npm run check-data -- <berkeley file> [--show N]'
const requestsAtOnce = 8

const whole = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').replace(/[,\s]/g, ''))
  return Number.isFinite(number) ? Math.round(number) : 0
}

/** A row's totals and per-vintage blocks, as the file states them: issued of each vintage, and remaining of it. */
function fileProject(row: VrodRow): FileProject {
  const vintages = new Map<number, { issued: number; remaining: number }>()
  for (let year = 1996; year <= 2025; year++) {
    const issued = whole(row[creditYearColumn('issued_by_vintage', year)])
    const remaining = whole(row[creditYearColumn('remaining_by_vintage', year)])
    if (issued !== 0 || remaining !== 0) vintages.set(year, { issued, remaining })
  }
  return {
    key: String(row['Project ID'] ?? '').trim(),
    issued: whole(row['Total Credits Issued']),
    retired: whole(row['Total Credits Retired']),
    remaining: whole(row['Total Credits Remaining']),
    vintages,
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { show: { type: 'string', default: '50' }, help: { type: 'boolean' } } })
  if (values.help || positionals.length !== 1) {
    console.error(usage)
    return values.help ? 0 : 2
  }
  const show = Number(values.show)
  const path = positionals[0]
  const bytes = await readFile(path).catch((error: Error) => {
    throw new Error(`Cannot read ${path}: ${error.message}`)
  })
  const projects = (await readVrodBytes(bytes, basename(path))).rows.map(fileProject).filter((p) => p.key !== '')
  const env = readEnv()
  const api = (env.CREDENCE_API_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/$/, '')
  // Every project's page is read: from an API on this machine uncompressed, which would cost both sides more CPU
  // than it saves bytes (compressing Berkeley's pages was a fifth of the API's CPU while they were read).
  const onThisMachine = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(api).hostname)
  const headers = { authorization: `Bearer ${env.CREDENCE_API_TOKEN ?? env.CREDENCE_ACCESS_TOKENS[0]}`, ...(onThisMachine && { 'accept-encoding': 'identity' }) }
  const served = async (key: string): Promise<ProjectDetail | null> => {
    const response = await fetch(`${api}${endpointUrl(endpoints.getProject, { id: key })}`, { headers }).catch((error: Error) => {
      throw new Error(`The API at ${api} did not answer (${error.message}); start it with npm run api, or set CREDENCE_API_URL.`)
    })
    if (response.status === 404) return null
    if (!response.ok) throw new Error(`GET ${key}: ${response.status} ${response.statusText}`)
    return projectDetail.parse(await response.json())
  }

  console.log(`Checking ${projects.length.toLocaleString('en')} projects of ${basename(path)} against ${api}…`)
  const differing: { key: string; reasons: string[] }[] = []
  let movedBySince = 0
  let next = 0
  const lane = async () => {
    while (next < projects.length) {
      const project = projects[next++]
      const result = reconcileProject(project, await served(project.key))
      if (result.laterRecords) movedBySince++
      if (result.reasons.length > 0) differing.push({ key: project.key, reasons: result.reasons })
    }
  }
  await Promise.all(Array.from({ length: requestsAtOnce }, lane))
  differing.sort((a, b) => a.key.localeCompare(b.key))
  for (const { key, reasons } of differing.slice(0, show)) console.log(`${key}: ${reasons.join('; ')}`)
  if (differing.length > show) console.log(`… and ${(differing.length - show).toLocaleString('en')} more (--show N lists more)`)
  const n = (value: number) => value.toLocaleString('en')
  console.log(
    `${n(projects.length)} projects checked: ${n(projects.length - differing.length)} reconcile with the file, ${n(differing.length)} differ` +
      ` (issued, retired and remaining, in total and per vintage; ${n(movedBySince)} also carry registry records dated after the file, shown apart)`,
  )
  return differing.length === 0 ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message)
    process.exit(1)
  },
)
