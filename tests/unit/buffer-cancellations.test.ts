import { describe, expect, it } from 'vitest'
import { apxFormats } from '../../src/server/importers/registry/apx'

const format = (id: string) => apxFormats.find((f) => f.id === id)!
const carHeaders = ['Vintage', 'Offset Credit Serial Numbers', 'Quantity of Offset Credits', 'Status Effective', 'Project ID', 'Reduction/Removal', 'Cancellation Reason']
const acrHeaders = ['Credit Serial Numbers', 'Vintage', 'Quantity of Credits', 'Account Holder', 'Status Effective (GMT)', 'Cancellation Type', 'Project ID']

/** The serials a cancellations export's rows read as a buffer pool's. */
function bufferSerials(id: string, headers: string[], rows: string[][]) {
  const { records, skipped } = format(id).read({ headers, rows, firstRow: 1 })
  expect(skipped).toEqual([])
  expect(records).toHaveLength(rows.length)
  return records.filter((record) => record.labels?.includes('Buffer pool')).map((record) => record.serial)
}

describe("a conversion's cancellation of the compliance buffer's share", () => {
  it("reads the Reserve's smaller batch numbered right after the project's, of the same vintage, day and kind of credit, as the pool's", () => {
    const row = (serial: string, quantity: string, kind = 'Reduction', day = '03/27/2026', project = 'CAR1822') => ['2024', serial, quantity, day, project, kind, 'ARB']
    const serials = bufferSerials('car-cancellations', carHeaders, [
      // CAR1822's four rows of Mar 27, 2026, as the export writes them.
      row('CAR-ROC-US-1822-125-1886-CA-2024-8697-1 to 2890', '2890', 'Removal'),
      row('CAR-ROC-US-1822-125-1886-CA-2024-8698-1 to 617', '617', 'Removal'),
      row('CAR-ROC-US-1822-125-1886-CA-2024-8699-1 to 379694', '379,694'),
      row('CAR-ROC-US-1822-125-1886-CA-2024-8700-1 to 81044', '81044'),
      // Not a share: a batch alone; the next batch but larger; more than a quarter of the two; another day; a batch apart.
      row('CAR-ROC-US-1180-125-900-CA-2024-9001-1 to 46733', '46733', 'Reduction', '02/01/2026', 'CAR1180'),
      row('CAR-ROC-US-2000-125-1-CA-2024-100-1 to 100', '100', 'Reduction', '01/05/2026', 'CAR2000'),
      row('CAR-ROC-US-2000-125-1-CA-2024-101-1 to 500', '500', 'Reduction', '01/05/2026', 'CAR2000'),
      row('CAR-ROC-US-2001-125-2-CA-2024-200-1 to 100', '100', 'Reduction', '01/05/2026', 'CAR2001'),
      row('CAR-ROC-US-2001-125-2-CA-2024-201-1 to 40', '40', 'Reduction', '01/05/2026', 'CAR2001'),
      row('CAR-ROC-US-2002-125-3-CA-2024-300-1 to 1000', '1000', 'Reduction', '01/05/2026', 'CAR2002'),
      row('CAR-ROC-US-2002-125-3-CA-2024-301-1 to 100', '100', 'Reduction', '01/06/2026', 'CAR2002'),
      row('CAR-ROC-US-2003-125-4-CA-2024-400-1 to 1000', '1000', 'Reduction', '01/05/2026', 'CAR2003'),
      row('CAR-ROC-US-2003-125-4-CA-2024-402-1 to 100', '100', 'Reduction', '01/05/2026', 'CAR2003'),
    ])
    expect(serials).toEqual(['CAR-ROC-US-1822-125-1886-CA-2024-8698-1 to 617', 'CAR-ROC-US-1822-125-1886-CA-2024-8700-1 to 81044'])
  })

  it("reads ACR's cancellations from its own account as the pool's", () => {
    const row = (serial: string, quantity: string, holder: string) => [serial, '2024', quantity, holder, '12/26/2025 1:58:08 PM', 'Convert to ARB offset credits', 'ACR555']
    const serials = bufferSerials('acr-cancellations', acrHeaders, [
      row('ACR-US-555-2024-2831-1 to 4373651', '4373651', 'Anew Carbon Development, LLC'),
      row('ACR-US-555-2024-2832-1 to 517310', '517310', 'ACR'),
    ])
    expect(serials).toEqual(['ACR-US-555-2024-2832-1 to 517310'])
  })
})
