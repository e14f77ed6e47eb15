import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ImportLimitExceeded } from '../../src/server/importers/limits'
import { QuotesFileError } from '../../src/server/importers/file-errors'
import { readQuotesFile } from '../../src/server/pricing/quotes-file'

const limits = { maxRows: 1000, maxCellChars: 10_000 }
const csv = (text: string) => new TextEncoder().encode(text)

describe("a buyer's quotes file", () => {
  it('reads quotes in any column order and case, prices as a buyer writes them, and skips unreadable rows by number', async () => {
    const read = await readQuotesFile(
      csv('Supplier,PRICE_USD,project_key,Vintage,quantity,valid_until\r\nAcme,"$1,250.50",vcs934,2022,"5,000",2099-12-31\r\nAcme,free,VCS934,2022,5,\r\n,3,GS1,,,\r\n'),
      'quotes.csv',
      limits,
    )
    expect(read.quotes).toEqual([
      { row: 2, projectKey: 'VCS934', vintage: 2022, priceUsd: 1250.5, quantity: 5000, supplier: 'Acme', validUntil: '2099-12-31' },
      { row: 4, projectKey: 'GS1', vintage: null, priceUsd: 3, quantity: null, supplier: null, validUntil: null },
    ])
    expect(read.skipped).toEqual([{ row: 3, reason: 'price_usd "free" is not a price above zero' }])
  })

  it('refuses random bytes, a file without the columns, and a file of no readable quote, saying why', async () => {
    await expect(readQuotesFile(new Uint8Array(randomBytes(4096)), 'noise.csv', limits)).rejects.toThrow(QuotesFileError)
    await expect(readQuotesFile(csv('key,price\nVCS934,3\n'), 'other.csv', limits)).rejects.toThrow(/lacks project_key, vintage, .*expected the columns/)
    await expect(readQuotesFile(csv('project_key,vintage,price_usd,quantity,supplier,valid_until\nVCS934,2022,0,1,,\n'), 'zero.csv', limits)).rejects.toThrow(/holds no quote.*row 2/)
  })

  it('fails a file past the row limit as too large, not as another shape', async () => {
    const rows = Array.from({ length: 1002 }, (_, i) => `VCS${i + 1},2022,3,1,,`).join('\n')
    await expect(readQuotesFile(csv(`project_key,vintage,price_usd,quantity,supplier,valid_until\n${rows}\n`), 'big.csv', limits)).rejects.toThrow(ImportLimitExceeded)
  })
})
