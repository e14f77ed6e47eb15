import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { collectGarbage } from '../../src/server/core/garbage'
import { unpackWorkbook } from '../../src/server/importers/unpack-workbook'
import { maxWorkbookExpandedBytes } from '../../src/server/importers/zip-limits'
import { declaring, workbookDeclaringNoSize } from '../support/workbook-bomb'

const book = (rows: unknown[][]) => {
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'PROJECTS')
  return new Uint8Array(XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }))
}

const firstSheet = (bytes: Uint8Array) => {
  const workbook = XLSX.read(bytes, { type: 'buffer' })
  return XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]], { header: 1 })
}

/** A workbook is checked by what its entries inflate to, counted as they inflate, never by what they declare. */
describe('unpacking a workbook', () => {
  it('stores every entry inflated, and SheetJS reads the same sheet from it', async () => {
    const rows = [['Project ID', 'Project Name'], ...Array.from({ length: 2000 }, (_, i) => [`VCS${i}`, `Project ${i} `.repeat(5)])]
    const packed = book(rows)
    const unpacked = await unpackWorkbook(packed)
    expect(unpacked.length).toBeGreaterThan(packed.length)
    expect(firstSheet(unpacked)).toEqual(firstSheet(packed))
  })

  it('reads a workbook by what it holds whatever its entries declare: within the limit it is read, past it refused', async () => {
    const rows = [['Project ID'], ...Array.from({ length: 5000 }, (_, i) => [`VCS${i}`])]
    const understated = declaring(book(rows), 1)
    expect(firstSheet(await unpackWorkbook(understated))).toEqual(rows)
    await expect(unpackWorkbook(understated, 64 * 1024)).rejects.toThrow(/inflated, expand to more than 0\.0625 MiB whatever their headers declare/)
  })

  it('refuses a 3 MB workbook declaring 0 bytes that would inflate to 3 GiB, having inflated no more than the limit and kept none of it', async () => {
    const bomb = await workbookDeclaringNoSize(3)
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024)
    // Both readings follow a collection: what the refused inflation left as garbage may or may not have been
    // collected by the time it is read (38 MB of buffers were still awaiting one in a CI run of 29 Nov 2026), and
    // what is asked is what the unpacker keeps.
    collectGarbage()
    const before = process.memoryUsage()
    const started = performance.now()
    await expect(unpackWorkbook(bomb)).rejects.toThrow(`expand to more than ${maxWorkbookExpandedBytes / 1024 / 1024} MiB`)
    expect(performance.now() - started).toBeLessThan(15_000)
    collectGarbage()
    const after = process.memoryUsage()
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(32 * 1024 * 1024)
    expect(after.rss - before.rss).toBeLessThan(128 * 1024 * 1024)
  }, 30_000)

  it('refuses, without inflating, a workbook whose directory declares more than the limit', async () => {
    const packed = book([['Project ID'], ['VCS1']])
    const view = new DataView(packed.buffer, packed.byteOffset)
    for (let i = 0; i + 46 <= packed.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0x7fffffff, true)
    await expect(unpackWorkbook(packed)).rejects.toThrow(/would expand to more than 512 MiB/)
  })
})
