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
 * A record's day that is not a day refuses its row, named with the column and what it said: it was read as no day
 * and the record dated nowhere without a word ("not a date at all" in Verra's Issuance Date became an issuance of
 * no date). An empty cell is no day, as before. For every registry's export, each file that dates its records.
 */
describe.skipIf(!existsSync(registries))("a record's day the export wrote as no day", () => {
  it.each(dated)('%s/%s: "%s" that is no day skips its row, named', async (folder, file, column, registry) => {
    const text = readFileSync(resolve(registries, folder, file), 'utf8')
    const { data, meta } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
    // The header as the file spells it (ACR's cancellations write "Status Effective  (GMT)", two spaces), which the
    // reader takes as the column's name.
    const field = meta.fields!.find((name) => name.replace(/\s+/g, ' ').trim() === column)!
    expect(field).toBeDefined()
    // The first row that states a day in the column, so the row is one that makes a record by it.
    const at = data.findIndex((row) => (row[field] ?? '').trim() !== '')
    expect(at).toBeGreaterThanOrEqual(0)
    const before = await readRegistryFile(new TextEncoder().encode(text), file, registry, limits)
    data[at] = { ...data[at], [field]: 'not a date at all' }
    const changed = new TextEncoder().encode(Papa.unparse({ fields: meta.fields!, data: data.map((row) => meta.fields!.map((name) => row[name] ?? '')) }))
    const after = await readRegistryFile(changed, file, registry, limits)
    expect(after.skipped.map((s) => s.reason)).toContain(`no readable ${column} ("not a date at all")`)
    expect(after.skipped).toHaveLength(before.skipped.length + 1)
    // No record of the file is left without a day where the file gave it one.
    expect(after.records.filter((record) => record.date === null).length).toBeLessThanOrEqual(before.records.filter((record) => record.date === null).length)
  })
})
