import { describe, expect, it } from 'vitest'
import { apxFormats } from '../../src/server/importers/registry/apx'
import { joinedRowsOf } from '../../src/server/importers/registry/registry-record'

const headers = ['Date Issued (GMT)', 'Vintage', 'Total Credits Issued', 'Credits Issued to Project', 'Credits Issued to Buffer Pool', 'Project ID']
const acrIssuances = apxFormats.find((format) => format.id === 'acr-issuances')!

/** ACR's issuances of these rows, read as an export is, with how its rows are accounted for. */
function read(rows: string[][]) {
  const { records, skipped, pairedRows = 0 } = acrIssuances.read({ headers, rows, firstRow: 1 })
  return { records, skipped, pairedRows, joinedRows: joinedRowsOf(records) }
}

describe("ACR's issuances into its buffer pool", () => {
  it("keeps the pool's part as a record of its own, batches of one issuance adding up, every row accounted for", () => {
    const rows = [
      ['3/18/2026 10:00:53 PM', '2025', '100', '90', '10', 'ACR751'],
      ['3/18/2026 11:00:00 PM', '2025', '50', '45', '5', 'ACR751'],
      // Wholly into the pool: the project is issued nothing, and no record of nothing stands beside the pool's.
      ['3/19/2026 9:00:00 AM', '2025', '20', '0', '20', 'ACR752'],
      ['3/19/2026 9:30:00 AM', '2025', '8', '0', '8', 'ACR752'],
    ]
    const { records, skipped, pairedRows, joinedRows } = read(rows)
    expect(skipped).toEqual([])
    expect(records.map((r) => [r.id, r.quantity, r.labels])).toEqual([
      ['ACR:issuance:ACR751:2025:2026-03-18:buffer', 15, ['Buffer pool']],
      ['ACR:issuance:ACR751:2025:2026-03-18', 135, []],
      ['ACR:issuance:ACR752:2025:2026-03-19:buffer', 28, ['Buffer pool']],
    ])
    // Each row is a record, or joins one, less the rows that gave two.
    expect(records.length + joinedRows - pairedRows).toBe(rows.length)
  })

  it("reads a batch whose buffer is none as the project's alone, and skips and names one whose buffer is no number or more than the batch", () => {
    const { records, skipped, pairedRows } = read([
      ['3/18/2026', '2025', '100', '100', '0', 'ACR1'],
      ['3/18/2026', '2025', '100', '100', '', 'ACR4'],
      ['3/18/2026', '2025', '100', '', '150', 'ACR2'],
      ['3/18/2026', '2025', '100', '', 'abc', 'ACR3'],
    ])
    expect(records.map((r) => [r.project_key, r.quantity, r.labels])).toEqual([
      ['ACR1', 100, []],
      ['ACR4', 100, []],
    ])
    expect(skipped).toEqual([
      { row: 3, reason: 'a buffer pool part (150) larger than the batch (100)' },
      { row: 4, reason: 'no readable buffer pool part ("abc")' },
    ])
    expect(pairedRows).toBe(0)
  })
})
