import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditPage } from '../../src/api/contract/credits'
import { defaultImportLimits } from '../../src/server/importers/limits'
import { maxWorkbookExpandedBytes } from '../../src/server/importers/zip-limits'
import { startApiServer, type ApiServer } from '../support/api-server'
import { retirementsExport } from '../support/beneficiary-export'
import { call, tokens } from '../support/http'
import { runToEnd, uploadFile } from '../support/source-runs'
import { workbookDeclaringNoSize } from '../support/workbook-bomb'

/**
 * Whatever a token asks of it, pages of records whose texts run to a megabyte or a workbook that inflates to
 * gigabytes, the API stays up, answering, and under 1.5 GB resident (docs/memory-bounds.md).
 */
const rssLimit = 1.5 * 1024 * 1024 * 1024
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`

let server: ApiServer
beforeAll(async () => {
  server = await startApiServer({ projects: 50, env: { CREDENCE_RUN_STEP_MS: '0' } })
}, 120_000)
afterAll(() => server?.stop())

/** The API process's resident memory in bytes, as the kernel counts it. */
function residentBytes(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024
}

/** Runs `work` while reading the API's resident memory every 50 ms; answers the work's result and the peak seen. */
async function watchingMemory<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes()
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 50)
  try {
    const result = await work()
    return { result, peak: Math.max(peak, residentBytes()) }
  } finally {
    clearInterval(sampler)
  }
}

describe('pages of records a megabyte each', () => {
  it('150 distinct pages of 40 records whose beneficiary is a million characters keep the API up and under 1.5 GB', async () => {
    const length = 1_000_000
    expect(length).toBeLessThan(defaultImportLimits.maxCellChars)
    // A text that names no one (a reason), so it is kept whole in every record and its resolution says why.
    const blocks = Array.from({ length: 40 }, (_, i) => ({
      beneficiary: `remove impact of emissions ${i} `.padEnd(length, `remove impact of emissions ${i} `),
      quantity: 10,
      retired: '2025-06-01',
    }))
    const imported = await watchingMemory(async () => {
      const fileId = await uploadFile(server.url, 'transactions.csv', retirementsExport('1390', blocks))
      return runToEnd(server.url, { source: 'src_verra', file_id: fileId }, 240_000)
    })
    expect(imported.result.error).toBeNull()

    // Pages of 1 to 8 records and, now and then, all 40: each question differs by its first day at least.
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)
    const questions = Array.from({ length: 150 }, (_, i) => {
      const perPage = i % 25 === 24 ? 40 : 1 + (i % 8)
      const page = 1 + (i % Math.ceil(40 / perPage))
      return `/api/credits?project=VCS1390&kind=retirement_or_cancellation&from=${day(i)}&per_page=${perPage}&page=${page}`
    })
    expect(new Set(questions).size).toBe(150)
    const beforePages = residentBytes()
    const asked = await watchingMemory(async () => {
      let records = 0
      for (const question of questions) {
        const response = await fetch(`${server.url}${question}`, { headers: { authorization: `Bearer ${tokens.live}` } })
        expect(response.status, question).toBe(200)
        const page = creditPage.parse(await response.json())
        expect(page.data.length, question).toBeGreaterThan(0)
        expect(page.data[0].beneficiary_raw['Retirement Beneficiary']).toHaveLength(length)
        records += page.data.length
      }
      return records
    })
    const after = residentBytes()
    console.log(`import: peak ${mib(imported.peak)}, after ${mib(beforePages)}; 150 pages (${asked.result} records): peak ${mib(asked.peak)}, after ${mib(after)}`)

    // What the pages leave behind is bounded; while a page of 80 MB is sent, its garbage awaits the collector.
    expect(server.process.exitCode).toBeNull()
    expect((await call(server.url, '/api/credits?project=VCS1390&per_page=1')).status).toBe(200)
    expect(after).toBeLessThan(rssLimit)
  }, 600_000)
})

describe('a workbook whose entries declare they expand to nothing', () => {
  it('fails its run naming the limit, changes nothing and leaves the API answering, under 1.5 GB', async () => {
    const bomb = await workbookDeclaringNoSize(3)
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024)
    const catalogue = async () => (await call(server.url, '/api/catalogue')).body
    const credits = async () => (await call(server.url, '/api/credits?per_page=1')).body.total
    const [catalogueBefore, creditsBefore] = [await catalogue(), await credits()]

    const started = performance.now()
    const { result: runs, peak } = await watchingMemory(async () => [
      await runToEnd(server.url, { source: 'src_vrod', file_id: await uploadFile(server.url, 'projects.xlsx', bomb) }),
      await runToEnd(server.url, { source: 'src_verra', file_id: await uploadFile(server.url, 'transactions.xlsx', bomb) }),
    ])
    console.log(`two runs of a ${mib(bomb.length)} workbook inflating to 3 GiB: ${Math.round(performance.now() - started)} ms, peak ${mib(peak)}`)

    const limit = `expand to more than ${maxWorkbookExpandedBytes / 1024 / 1024} MiB`
    expect(runs.map((run) => [run.state, run.error?.code])).toEqual([
      ['failed', 'file_not_vrod'],
      ['failed', 'file_not_registry_export'],
    ])
    for (const run of runs) expect(run.error?.message).toContain(limit)
    expect(await catalogue()).toEqual(catalogueBefore)
    expect(await credits()).toBe(creditsBefore)
    expect(server.process.exitCode).toBeNull()
    expect(peak).toBeLessThan(rssLimit)
  }, 60_000)
})
