import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../src/server/importers/csv'
import { runParseJob } from '../../src/server/runs/parse/run-parse-job'

/** The parsing worker as the server starts it, here from vitest's own process (TypeScript loaded in the thread). */
const limits = { maxRows: 2_000_000, maxCellChars: 32_767 }
const job = (text: string, name: string, options: { maxRows?: number; memoryMib?: number; timeoutS?: number; projectKeys?: string[] } = {}) => {
  const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer
  return runParseJob(
    'vrod',
    { bytes, name, requestedAsOf: '2025-12-31', fallbackDate: new Date(), projectKeys: options.projectKeys ?? null, limits: { ...limits, maxRows: options.maxRows ?? limits.maxRows } },
    { fileName: name, transfer: [bytes], limits: { memoryMib: options.memoryMib ?? 512, timeoutS: options.timeoutS ?? 60 } },
  )
}
const header = 'Project ID,Project Name,Voluntary Registry'

describe('the parsing worker', () => {
  it('reads, normalises and rates a CSV in its thread and answers plain data', async () => {
    const { asOf, rated } = await job(`${header}\nVCS1001,One,VCS\nVCS1002,Two,VCS\n,No key,VCS\n`, 'a.csv')
    expect(asOf.toISOString().slice(0, 10)).toBe('2025-12-31')
    expect(rated.projects.map((p) => p.key)).toEqual(['VCS1001', 'VCS1002'])
    expect(rated.readable).toBe(2)
    expect(rated.skipped).toEqual([{ row: 3, reason: 'no Project ID' }])
    // The many small rows cross as text in UTF-8, a statement's worth at a time: the projects' rows as JSON, their
    // yearly history and signals as COPY's lines, a field for each column.
    const decode = (chunk: Uint8Array) => new TextDecoder().decode(chunk)
    for (const chunk of rated.rows.chunks) expect(Array.isArray(JSON.parse(decode(chunk)))).toBe(true)
    expect(rated.signals.chunks.length).toBeGreaterThan(0)
    for (const { columns, chunks } of [rated.signals, rated.creditYears]) {
      for (const chunk of chunks) for (const record of parseCsv(decode(chunk))) expect(record).toHaveLength(columns.length)
    }
  })

  it('keeps only the keys a run is restricted to, and counts those the file lacks', async () => {
    const { rated } = await job(`${header}\nVCS1001,One,VCS\nVCS1002,Two,VCS\n`, 'e.csv', { projectKeys: ['VCS1002', 'VCS9'] })
    expect(rated.projects.map((p) => p.key)).toEqual(['VCS1002'])
    expect(rated).toMatchObject({ readable: 2, missingKeys: 1 })
  })

  it('fails a file beyond the row limit as too large, naming the limit', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `VCS${2000 + i},P,VCS`)
    await expect(job([header, ...rows].join('\n'), 'b.csv', { maxRows: 10 })).rejects.toMatchObject({
      code: 'file_too_large',
      message: expect.stringContaining('CREDENCE_IMPORT_MAX_ROWS'),
    })
  })

  it('stops a job that outlasts its wall-clock limit and fails it as timed out', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `VCS${i},P,VCS`)
    await expect(job([header, ...rows].join('\n'), 'slow.csv', { timeoutS: 0.05 })).rejects.toMatchObject({
      code: 'import_timeout',
      message: expect.stringContaining('CREDENCE_IMPORT_TIMEOUT_S'),
    })
  })

  it('fails a file that exhausts the worker\'s heap as too large, and this process goes on', async () => {
    const row = `,${'x'.repeat(40)}`.repeat(30)
    const text = [header + ',x'.repeat(30), ...Array.from({ length: 40_000 }, (_, i) => `VCS${i},P,VCS${row}`)].join('\n')
    await expect(job(text, 'c.csv', { memoryMib: 64 })).rejects.toMatchObject({ code: 'file_too_large', message: expect.stringContaining('CREDENCE_IMPORT_WORKER_MIB') })
    expect((await job(`${header}\nVCS1,One,VCS\n`, 'd.csv')).rated.projects).toHaveLength(1)
  }, 60_000)
})
