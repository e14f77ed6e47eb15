import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from '@e965/xlsx'
import { sourceRun, type SourceRun } from '../../src/api/contract/sources'
import { startApiServer, type ApiServer } from '../support/api-server'
import { call, tokens, waitFor } from '../support/http'
import { workbookBomb } from '../support/workbook-bomb'

/**
 * Files made to hurt the service, uploaded and run with the public sandbox key: each is read in the parsing
 * worker, so while it is processed a small read keeps answering, the process lives on and the run fails saying why.
 */
let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ projects: 200, env: { CREDENCE_RUN_STEP_MS: '0', CREDENCE_SANDBOX_RATE_LIMIT: '100000' } })
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

/** Thrift compact encoding, just enough for a parquet footer. */
const varint = (value: bigint) => {
  const out: number[] = []
  let v = value
  do {
    let byte = Number(v & 0x7fn)
    v >>= 7n
    if (v > 0n) byte |= 0x80
    out.push(byte)
  } while (v > 0n)
  return out
}
const zigzag = (value: bigint) => varint(value >= 0n ? value * 2n : -value * 2n - 1n)
const field = (delta: number, type: number) => [(delta << 4) | type]
const text = (delta: number, value: string) => [...field(delta, 8), ...varint(BigInt(value.length)), ...Buffer.from(value)]

/** A parquet file of a few hundred bytes whose footer declares `rows` rows of Berkeley's three required columns. */
function parquetDeclaring(rows: bigint): Uint8Array {
  const column = (name: string) => [...field(1, 5), ...zigzag(6n), ...field(2, 5), ...zigzag(1n), ...text(1, name), 0]
  const schema = [
    [...text(4, 'schema'), ...field(1, 5), ...zigzag(3n), 0],
    column('Project ID'),
    column('Project Name'),
    column('Voluntary Registry'),
  ]
  const footer = Buffer.from([
    ...field(1, 5), ...zigzag(1n),
    ...field(1, 9), (schema.length << 4) | 12, ...schema.flat(),
    ...field(1, 6), ...zigzag(rows),
    ...field(1, 9), (0 << 4) | 12,
    0,
  ])
  const length = Buffer.alloc(4)
  length.writeUInt32LE(footer.length)
  return Buffer.concat([Buffer.from('PAR1'), footer, length, Buffer.from('PAR1')])
}

/** A workbook of two rows whose sheet dimension declares a million rows. */
function workbookDeclaringAMillionRows(): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(
    [
      ['Project ID', 'Project Name', 'Voluntary Registry'],
      ['', '', ''],
    ],
    { dense: true },
  )
  sheet['!ref'] = 'A1:Z1000000'
  // Rows held as empty arrays: SheetJS writes the same file from them, looking up each row once rather than each of
  // the 26 million cells the dimension spans (14 s of the suite's CPU).
  const rows = (sheet as { '!data'?: unknown[][] })['!data']!
  while (rows.length < 1_000_000) rows.push([])
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'PROJECTS')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array
}

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const response = await fetch(`${server.url}/api/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.sandbox}`, 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/**
 * Runs the file with the sandbox key while a heartbeat reads one project every 50 ms; answers the run's end and
 * the slowest heartbeat.
 */
async function runWithHeartbeat(name: string, bytes: Uint8Array): Promise<{ run: SourceRun; slowestMs: number }> {
  const fileId = await upload(name, bytes)
  let slowestMs = 0
  let beating = true
  const heartbeat = (async () => {
    while (beating) {
      const started = performance.now()
      const answer = await call(server.url, '/api/projects?per_page=1', { token: tokens.sandbox })
      expect(answer.status).toBe(200)
      slowestMs = Math.max(slowestMs, performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  try {
    const started = await call(server.url, '/api/source-runs', { json: { source: 'vrod', file_id: fileId }, token: tokens.sandbox })
    expect(started.status).toBe(202)
    const run = await waitFor(async () => {
      const r = sourceRun.parse((await call(server.url, `/api/source-runs/${started.body.id}`, { token: tokens.sandbox })).body)
      return r.state === 'succeeded' || r.state === 'failed' ? r : undefined
    }, 120_000, 100)
    return { run, slowestMs }
  } finally {
    beating = false
    await heartbeat
  }
}

describe('hostile files', () => {
  it.each([
    ['10^8', 100_000_000n],
    ['10^12', 1_000_000_000_000n],
  ])('a parquet of a few hundred bytes declaring %s rows fails as too large, and the API keeps answering', async (_, rows) => {
    const bytes = parquetDeclaring(rows)
    expect(bytes.length).toBeLessThan(600)
    const { run, slowestMs } = await runWithHeartbeat('declared.parquet', bytes)
    expect(run.state).toBe('failed')
    expect(run.error?.code).toBe('file_too_large')
    expect(run.error?.message).toContain('CREDENCE_IMPORT_MAX_ROWS')
    expect(slowestMs).toBeLessThan(2000)
    expect(server.process.exitCode).toBeNull()
  }, 120_000)

  it('a workbook of a few hundred KiB whose comment expands to 500 MiB fails, and the API keeps answering', async () => {
    const bytes = await workbookBomb(500)
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024)
    const { run, slowestMs } = await runWithHeartbeat('bomb.xlsx', bytes)
    expect(run.state).toBe('failed')
    expect(run.error?.code).toBe('file_not_vrod')
    expect(run.error?.message).toContain('comments')
    expect(slowestMs).toBeLessThan(2000)
    expect(server.process.exitCode).toBeNull()
  }, 240_000)

  it('a workbook declaring a million rows is read for the rows it holds and fails as not Berkeley\'s', async () => {
    const { run, slowestMs } = await runWithHeartbeat('million.xlsx', workbookDeclaringAMillionRows())
    expect(run.state).toBe('failed')
    expect(run.error?.code).toBe('file_not_vrod')
    expect(slowestMs).toBeLessThan(2000)
    expect(server.process.exitCode).toBeNull()
  }, 120_000)

  it('a CSV with constructor, __proto__ and toString cells imports its good rows and counts the bad ones', async () => {
    const header = 'Project ID,Project Name,Voluntary Registry,Country,Type,Status,Total Credits Issued'
    const good = Array.from({ length: 9 }, (_, i) => `VCS${9100 + i},Good project ${i},VCS,Kenya,Cookstoves,Registered,${1000 + i}`)
    const bad = ['VCS9200,Odd,constructor,Kenya,Cookstoves,Registered,5', 'VCS9201,Odd,__proto__,Kenya,toString,__proto__,5']
    const csv = [header, ...good, ...bad, 'VCS9202,Odd type,VCS,Kenya,constructor,toString,5'].join('\n')
    const { run } = await runWithHeartbeat('odd.csv', new TextEncoder().encode(csv))
    expect(run.error).toBeNull()
    expect(run.state).toBe('succeeded')
    expect(run.counts.skipped).toBeGreaterThanOrEqual(2)
    expect(run.counts.created + run.counts.updated + run.counts.unchanged).toBeGreaterThanOrEqual(9)
    expect(run.skipped_rows.length).toBe(run.counts.skipped)
    expect(run.skipped_rows[0]).toMatchObject({ row: 10, file: 'odd.csv', reason: expect.stringContaining('constructor') })
  }, 120_000)
})
