import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { join } from 'node:path'

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

/** A file written a megabyte at a time: lines added, then ended once. */
function bufferedFile(path: string) {
  const out = createWriteStream(path)
  let buffer = ''
  return {
    async add(text: string) {
      buffer += text
      if (buffer.length > 1 << 20) {
        if (!out.write(buffer)) await once(out, 'drain')
        buffer = ''
      }
    },
    async end() {
      out.end(buffer)
      await once(out, 'finish')
    },
  }
}

/** Writes an export of `rows` transaction rows to `path`. */
export async function writeTransactions(path: string, rows: number): Promise<void> {
  const file = bufferedFile(path)
  await file.add(`${transactionsHeader}\n`)
  let unit = 1
  for (let i = 0; i < rows; i++) {
    const { line, quantity } = transactionRow(i, unit)
    unit += quantity
    await file.add(line)
  }
  await file.end()
}

/*
 * Verra's transactions with every column of its export: what the 1,000,000-record bench imports, and what the
 * suites that need an import lasting seconds import at a smaller size.
 */
const header =
  'Issuance Date,Sustainable Development Goals,Vintage Start,Vintage End,ID,Name,Country/Area,Project Type,Methodology,Total Vintage Quantity,Quantity Issued,Serial Number,Additional Certifications,Retirement/Cancellation Date,Retirement Beneficiary,Retirement Reason,Retirement Details'

/** A small deterministic generator, so two runs write the same export. */
function lcg(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const day = (year: number, n: number) => new Date(Date.UTC(year, 0, 1 + (n % 360))).toISOString().slice(0, 10)

/**
 * Writes `rows` transaction rows over 2,000 projects as `files` files, whole issuances of ten blocks each (the
 * busy project holds one issuance in a hundred: 10,000 records of a million, its issuances counted in); nine
 * blocks in ten retired for one of 20,000 companies (one in three named inside a sentence, "Retired on behalf of
 * …"), and about one in 500 for Microsoft Corporation.
 */
export async function writeVerraTransactions(folder: string, rows: number, files: number, hotProject: number): Promise<{ paths: string[]; microsoftRows: number }> {
  const random = lcg(19)
  const perFile = Math.ceil(rows / files / 10) * 10
  const paths: string[] = []
  let written = 0
  let microsoftRows = 0
  let unit = 1_000_000
  for (let f = 0; f < files && written < rows; f++) {
    const path = join(folder, `transactions-${f + 1}.csv`)
    const file = bufferedFile(path)
    await file.add(`${header}\n`)
    let project = hotProject
    for (let i = 0; i < perFile && written < rows; i++, written++) {
      const group = Math.floor(written / 10)
      const issuance = 100_000 + group
      // An issuance is one project's: its ten blocks share it. One issuance in a hundred is the busy project's.
      if (written % 10 === 0) project = group % 100 === 0 ? hotProject : 1 + Math.floor(random() * 2000)
      if (project === hotProject && group % 100 !== 0) project = hotProject + 1
      const vintage = 2010 + (issuance % 15)
      const quantity = 1 + Math.floor(random() * 5000)
      const first = unit
      unit += quantity
      const serial = `${issuance}-${first}-${first + quantity - 1}-VCS-VCU-262-VER-BR-14-${project}-01012020-31122020-0`
      let closed = ''
      let beneficiary = ''
      let details = ''
      if (i % 10 !== 9) {
        closed = day(2016 + (written % 10), written)
        const microsoft = random() < 0.002
        if (microsoft) microsoftRows++
        const name = microsoft ? 'Microsoft Corporation' : `Company ${1 + Math.floor(random() * 20_000)} Ltd`
        if (random() < 1 / 3) details = `"Retired on behalf of ${name} for its 2025 climate goals, by its broker"`
        else beneficiary = name
      }
      await file.add(
        `${day(vintage + 1, issuance)},,${vintage}-01-01,${vintage}-12-31,${project},Project ${project},Brazil,Agriculture Forestry and Other Land Use,VM0015,` +
        `"${(quantity * 10).toLocaleString('en')}",${quantity},${serial},,${closed},${beneficiary},${closed ? 'Environmental Benefit' : ''},${details}\n`,
      )
    }
    await file.end()
    paths.push(path)
  }
  return { paths, microsoftRows }
}
