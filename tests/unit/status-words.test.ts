import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { RegistryCode } from '../../src/api/contract/common'
import { normaliseVrodRow } from '../../src/server/importers/vrod-normalise'
import { knownStatus, projectStatusOf, statusWordsKey } from '../../src/server/importers/status-words'
import { projectsFromListings } from '../../src/server/runs/registry-listings'
import { apxFormats } from '../../src/server/importers/registry/apx'
import { berkeleyFile } from '../support/real-files'

const registries = resolve('../shared/data/registries')
const haveData = existsSync(berkeleyFile) && existsSync(registries)

/** Each registry's projects export and the column its status is in. */
const statusColumns = [
  ['verra', 'Status'],
  ['gold-standard', 'Status'],
  ['american-carbon-registry', 'Voluntary Status'],
  ['climate-action-reserve', 'Status'],
  ['art-trees', 'Status'],
  ['isometric', 'status'],
  ['cercarbono', 'stage'],
] as const

/** ACR's status in a compliance programme, read where its voluntary status is blank. */
const acrCompliance = 'Compliance Program Status (ARB or Ecology)'

/** Distinct status values per file, with how many rows carry each; read here the plain way, not through the importers. */
async function statusesSeen(): Promise<Map<string, Map<string, number>>> {
  const seen = new Map<string, Map<string, number>>()
  const count = (where: string, value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value)
    const counts = seen.get(where) ?? new Map<string, number>()
    counts.set(text, (counts.get(text) ?? 0) + 1)
    seen.set(where, counts)
  }
  const bytes = readFileSync(berkeleyFile)
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  for (const row of await parquetReadObjects({ file, compressors, columns: ['Voluntary Status', 'ARB / WA Status'] })) {
    count("Berkeley's Voluntary Status", row['Voluntary Status'])
    // Blank for ACR's projects listed for a compliance programme alone: their status there is read instead.
    if (!String(row['Voluntary Status'] ?? '').trim()) count("Berkeley's ARB / WA Status, Voluntary blank", row['ARB / WA Status'])
  }
  for (const [folder, column] of statusColumns) {
    const text = readFileSync(resolve(registries, folder, 'projects.csv'), 'utf8')
    const { data } = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
    expect(data.length, folder).toBeGreaterThan(0)
    for (const row of data) {
      expect(row, `${folder} has a ${column} column`).toHaveProperty(column)
      count(`${folder} ${column}`, row[column])
      if (folder === 'american-carbon-registry' && !row[column].trim()) count(`${folder} ${acrCompliance}, Voluntary blank`, row[acrCompliance])
    }
  }
  return seen
}

/** The state a status becomes from Berkeley's file and from a registry's listing, for a project with no credits issued. */
function bothWays(status: string, registry: RegistryCode, key: string) {
  const berkeley = normaliseVrodRow({ 'Project ID': key, 'Project Name': 'A project', 'Voluntary Registry': registry, 'Voluntary Status': status }, new Date())
  if (!berkeley.ok) throw new Error(berkeley.reason)
  const [listed] = projectsFromListings(
    [{ key, registry, name: 'A project', type: null, status, methodology: null, country: null, region: null, developer: null, row: 1 }],
    new Map(),
    new Date(),
  )
  return { berkeley: berkeley.project.status, listing: listed.status }
}

describe.skipIf(!haveData)('one table of registry status words', () => {
  it("holds every status in Berkeley's file and in every registry's projects export, each in one of the four states", async () => {
    const seen = await statusesSeen()
    const table = [...seen].flatMap(([where, counts]) =>
      [...counts].map(([value, rows]) => ({
        where,
        value: value === '' ? '(blank)' : value,
        rows,
        state: value.trim() === '' ? 'by credits issued: registered if any, else pipeline' : (knownStatus(value) ?? 'NOT IN THE TABLE'),
      })),
    )
    console.log(['Status words and the state each becomes:', ...table.map((r) => `${r.where.padEnd(42)} ${r.value.padEnd(58)} ${String(r.rows).padStart(5)}  → ${r.state}`)].join('\n'))
    const missing = table.filter((r) => r.value !== '(blank)' && knownStatus(r.value) === undefined)
    expect(missing).toEqual([])
    expect(seen.size).toBe(statusColumns.length + 3)
    // Every blank voluntary status has its compliance programme's word: none is left to the credits issued.
    expect(seen.get("Berkeley's ARB / WA Status, Voluntary blank")!.get('') ?? 0).toBe(0)
    expect(seen.get("Berkeley's Voluntary Status")!.size).toBeGreaterThan(25)
  })

  it('reads a blank status by the credits issued, and a word it does not hold by what it says', () => {
    expect(projectStatusOf(null, 10)).toBe('registered')
    expect(projectStatusOf('  ', 0)).toBe('pipeline')
    expect(projectStatusOf('Deregistered by the registry', 10)).toBe('inactive')
    expect(projectStatusOf('Crediting period ended', 0)).toBe('completed')
    expect(projectStatusOf('Something new', 5)).toBe('registered')
    expect(projectStatusOf('Something new', 0)).toBe('pipeline')
    // Spellings of one word are one word: underscores, dashes, case and spacing.
    expect(statusWordsKey('Under_Validation')).toBe('under validation')
    expect(knownStatus('ON HOLD – see notification  letter')).toBe('inactive')
  })

  it("reads a blank voluntary status by the compliance programme's, from Berkeley's file and from ACR's listing alike", () => {
    const berkeley = (arb: string, issued: number) => {
      const row = normaliseVrodRow({ 'Project ID': 'ACR203', 'Project Name': 'A project', 'Voluntary Registry': 'ACR', 'Voluntary Status': '', 'ARB / WA Status': arb, 'Total Credits Issued': issued }, new Date())
      if (!row.ok) throw new Error(row.reason)
      return row.project.status
    }
    // ACR203 and ACR961 are "ARB Inactive" and "Ecology Inactive" in Berkeley's file and in ACR's own export; they read
    // as in the pipeline by their credits issued, and ACR190, "ARB Terminated", as registered and priced, until
    // December 2026.
    expect(berkeley('ARB Inactive', 0)).toBe('inactive')
    expect(berkeley('Ecology Inactive', 0)).toBe('inactive')
    expect(berkeley('ARB Terminated', 13_914)).toBe('inactive')
    expect(berkeley('ARB Completed', 50_000)).toBe('completed')
    expect(berkeley('Transferred ARB or Ecology Project', 10)).toBe('inactive')
    expect(berkeley('Listed - Active ARB Project', 0)).toBe('registered')
    expect(berkeley('Listed - Proposed Project', 0)).toBe('pipeline')
    expect(berkeley('', 10)).toBe('registered')
  })

  it("reads ACR's listings of compliance projects by their compliance status, as Berkeley's file is read", async () => {
    const { data } = Papa.parse<Record<string, string>>(readFileSync(resolve(registries, 'american-carbon-registry', 'projects.csv'), 'utf8'), { header: true, skipEmptyLines: true })
    const blank = data.filter((row) => !row['Voluntary Status'].trim())
    expect(blank.length).toBeGreaterThan(10)
    const acrProjects = apxFormats.find((format) => format.id === 'acr-projects')!
    const headers = Object.keys(data[0])
    const { listings = [] } = acrProjects.read({ headers, rows: data.map((row) => headers.map((header) => row[header])), firstRow: 2 })
    expect(listings.length).toBe(data.length)
    for (const row of blank) {
      const listing = listings.find((l) => l.key === row['Project ID'])!
      expect(projectStatusOf(listing.status, 0), row['Project ID']).toBe(knownStatus(row[acrCompliance]))
    }
  })

  it.each([
    ['Transitioned', 'CAR', 'CAR655', 'inactive'],
    ['Registration and verification approval request denied', 'VCS', 'VCS4999', 'inactive'],
    ['Verification approval request denied', 'VCS', 'VCS4998', 'registered'],
  ] as const)('reads "%s" the same from Berkeley\'s file and from a registry listing', (status, registry, key, state) => {
    expect(bothWays(status, registry, key)).toEqual({ berkeley: state, listing: state })
  })
})
