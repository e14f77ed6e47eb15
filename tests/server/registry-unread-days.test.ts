import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { RegistryCode } from '../../src/api/contract/common'
import { readRegistryFile } from '../../src/server/importers/registry/recognise'

const registries = resolve('../shared/data/registries')

/** Each file of a registry's export that dates its records, the column it dates them by, and the registry. */
const dated: [folder: string, file: string, column: string, registry: RegistryCode][] = [
  ['verra', 'transactions.csv', 'Issuance Date', 'VCS'],
  ['verra', 'transactions.csv', 'Retirement/Cancellation Date', 'VCS'],
  ['gold-standard', 'issuances.csv', 'Issuance Date', 'GS'],
  ['gold-standard', 'retirements.csv', 'Retirement Date', 'GS'],
  ['american-carbon-registry', 'issuances.csv', 'Date Issued (GMT)', 'ACR'],
  ['american-carbon-registry', 'retirements.csv', 'Status Effective (GMT)', 'ACR'],
  ['american-carbon-registry', 'cancellations.csv', 'Status Effective (GMT)', 'ACR'],
  ['climate-action-reserve', 'issuances.csv', 'Date Issued', 'CAR'],
  ['climate-action-reserve', 'retirements.csv', 'Status Effective', 'CAR'],
  ['climate-action-reserve', 'cancellations.csv', 'Status Effective', 'CAR'],
  ['art-trees', 'issuances.csv', 'Date Approved', 'ART'],
  ['art-trees', 'retirements.csv', 'Status Effective', 'ART'],
  ['art-trees', 'cancellations.csv', 'Status Effective', 'ART'],
  ['isometric', 'issuances.csv', 'issued_at', 'ISO'],
  ['isometric', 'retirements.csv', 'retired_at', 'ISO'],
  ['cercarbono', 'issuances.csv', 'issuance_date', 'CCB'],
  ['cercarbono', 'retirements.csv', 'date', 'CCB'],
]

const limits = { maxRows: 10_000, maxCellChars: 100_000 }

/**
 * A registry file as the sample holds it, read, and the same file with one cell of `column` rewritten: the first row
 * that states something there, so the row is one that makes a record by it.
 */
async function oneCellRewritten(folder: string, file: string, column: string, registry: RegistryCode) {
  const text = readFileSync(resolve(registries, folder, file), 'utf8')
  const { data, meta } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
  // The header as the file spells it (ACR's cancellations write "Status Effective  (GMT)", two spaces), which the
  // reader takes as the column's name.
  const field = meta.fields!.find((name) => name.replace(/\s+/g, ' ').trim() === column)!
  expect(field).toBeDefined()
  const at = data.findIndex((row) => (row[field] ?? '').trim() !== '')
  expect(at).toBeGreaterThanOrEqual(0)
  const before = await readRegistryFile(new TextEncoder().encode(text), file, registry, limits)
  const withCell = (value: string) => {
    const rows = data.map((row, i) => (i === at ? { ...row, [field]: value } : row))
    const bytes = new TextEncoder().encode(Papa.unparse({ fields: meta.fields!, data: rows.map((row) => meta.fields!.map((name) => row[name] ?? '')) }))
    return readRegistryFile(bytes, file, registry, limits)
  }
  return { before, withCell }
}

/**
 * A record's day that is not a day refuses its row, named with the column and what it said: it was read as no day
 * and the record dated nowhere without a word ("not a date at all" in Verra's Issuance Date became an issuance of
 * no date). An empty cell is no day, as before. For every registry's export, each file that dates its records.
 */
describe.skipIf(!existsSync(registries))("a record's day the export wrote as no day", () => {
  it.each(dated)('%s/%s: "%s" that is no day skips its row, named', async (folder, file, column, registry) => {
    const { before, withCell } = await oneCellRewritten(folder, file, column, registry)
    const after = await withCell('not a date at all')
    expect(after.skipped.map((s) => s.reason)).toContain(`no readable ${column} ("not a date at all")`)
    expect(after.skipped).toHaveLength(before.skipped.length + 1)
    // No record of the file is left without a day where the file gave it one.
    expect(after.records.filter((record) => record.date === null).length).toBeLessThanOrEqual(before.records.filter((record) => record.date === null).length)
  })
})

/** Each file of a registry's export that gives its records a vintage, and the column it gives it in. */
const vintaged: [folder: string, file: string, column: string, registry: RegistryCode][] = [
  ['verra', 'transactions.csv', 'Vintage Start', 'VCS'],
  ['gold-standard', 'issuances.csv', 'Vintage', 'GS'],
  ['gold-standard', 'retirements.csv', 'Vintage', 'GS'],
  ['american-carbon-registry', 'issuances.csv', 'Vintage', 'ACR'],
  ['american-carbon-registry', 'retirements.csv', 'Vintage', 'ACR'],
  ['american-carbon-registry', 'cancellations.csv', 'Vintage', 'ACR'],
  ['climate-action-reserve', 'issuances.csv', 'Vintage', 'CAR'],
  ['climate-action-reserve', 'retirements.csv', 'Vintage', 'CAR'],
  ['climate-action-reserve', 'cancellations.csv', 'Vintage', 'CAR'],
  ['art-trees', 'issuances.csv', 'Vintage', 'ART'],
  ['art-trees', 'retirements.csv', 'Vintage', 'ART'],
  ['art-trees', 'cancellations.csv', 'Vintage', 'ART'],
  ['cercarbono', 'issuances.csv', 'year', 'CCB'],
  ['cercarbono', 'retirements.csv', 'vintage', 'CCB'],
]

/**
 * A vintage that is no year refuses its row, named, as a day does: "not-a-date" in Verra's Vintage Start was kept as a
 * record of no vintage, and its project's vintages then showed "No vintage" with a remaining of -25. Isometric's
 * exports give no vintage.
 */
describe.skipIf(!existsSync(registries))("a record's vintage the export wrote as no year", () => {
  it.each(vintaged)('%s/%s: "%s" that is no year skips its row, named', async (folder, file, column, registry) => {
    const { before, withCell } = await oneCellRewritten(folder, file, column, registry)
    const after = await withCell('not-a-date')
    expect(after.skipped.map((s) => s.reason)).toContain(`no vintage year from 1990 to 2100 in ${column} ("not-a-date")`)
    expect(after.skipped).toHaveLength(before.skipped.length + 1)
    expect(after.records.filter((record) => record.vintage === null).length).toBeLessThanOrEqual(before.records.filter((record) => record.vintage === null).length)
    // A cell that says nothing is no vintage, not an unreadable one: the row is kept.
    expect((await withCell('N/A')).skipped).toHaveLength(before.skipped.length)
  })
})
