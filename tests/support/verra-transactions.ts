import { createWriteStream } from 'node:fs'
import { once } from 'node:events'

/** The columns Verra's transactions export must have, and no more: rows stay short, so a million fit in 64 MiB. */
export const transactionsHeader = 'Issuance Date,Vintage Start,ID,Quantity Issued,Serial Number,Retirement/Cancellation Date'

/**
 * One transaction row of a generated export: issuances of ten blocks each, over 2,000 projects, nine blocks in ten
 * retired. Blocks follow one another in Verra's single sequence of units (`unit` is the block's first), so none
 * overlaps another. About 54 bytes.
 */
export function transactionRow(index: number, unit: number): { line: string; quantity: number } {
  const group = Math.floor(index / 10)
  const quantity = 1 + ((index * 7) % 9)
  const year = 2012 + (group % 10)
  const issued = `${1 + (group % 28)}/${1 + (group % 12)}/${year + 1}`
  const closed = index % 10 === 9 ? '' : `${1 + (index % 28)}/${1 + (index % 12)}/${year + 2}`
  const serial = `${1 + group}-${unit}-${unit + quantity - 1}-V`
  return { line: `${issued},${year},${1 + (group % 2000)},${quantity},${serial},${closed}\n`, quantity }
}

/** What an export of `rows` rows holds: one issuance per ten rows, and each retired row a record of its own. */
export const recordsIn = (rows: number) => Math.ceil(rows / 10) + rows - Math.floor(rows / 10)

/** Writes an export of `rows` transaction rows to `path`, a megabyte at a time. */
export async function writeTransactions(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path)
  let buffer = `${transactionsHeader}\n`
  let unit = 1
  for (let i = 0; i < rows; i++) {
    const { line, quantity } = transactionRow(i, unit)
    unit += quantity
    buffer += line
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain')
      buffer = ''
    }
  }
  out.end(buffer)
  await once(out, 'finish')
}
