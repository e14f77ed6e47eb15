import { vintageLedger } from '../../src/server/core/vintage-ledger'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectKey, projectStatus } from '../../src/api/contract/common'
import { projectIdFor } from '../../src/server/core/ids'
import { parseCsv } from '../../src/server/importers/csv'
import { labelsOf, normaliseVrodRow, readVrodProjects, type VrodProject } from '../../src/server/importers/vrod-normalise'
import { readVrodFile } from '../../src/server/importers/vrod-read'
import { writeVrodCsvFixture } from '../fixtures/vrod-fixture'

const importedAt = new Date('2026-01-15T08:00:00Z')

describe('parseCsv', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const text = 'name,note\r\n"Rio ""Verde"", Phase II","line one\nline two"\r\nplain,\r\n'
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Rio "Verde", Phase II', 'line one\nline two'],
      ['plain', ''],
    ])
  })

  it('drops a UTF-8 byte order mark and accepts LF, CRLF and a missing final line break', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\r\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ])
  })

  it('skips blank lines but keeps empty fields', () => {
    expect(parseCsv('a,b\n\n,\n')).toEqual([
      ['a', 'b'],
      ['', ''],
    ])
  })

  it('reads line breaks mixed in one file as hand-edited exports mix them', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ])
  })

  it('stops at a record limit', () => {
    expect(parseCsv('a\n1\n2\n3\n', { maxRecords: 2 })).toEqual([['a'], ['1']])
  })

  it('refuses a quoted field that is never closed', () => {
    expect(() => parseCsv('a,b\n"open,field\n')).toThrow(/record 2 is never closed/)
  })
})

describe('a CSV export of VROD', () => {
  let dir: string
  let path: string
  let projects: VrodProject[]
  let skipped: { row: number; reason: string }[]
  const byKey = (key: string) => {
    const project = projects.find((p) => p.key === key)
    if (!project) throw new Error(`${key} was not imported`)
    return project
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'credence-vrod-'))
    path = await writeVrodCsvFixture(dir)
    ;({ projects, skipped } = await readVrodProjects(path, importedAt))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('normalises headers with line breaks and trailing spaces, and leaves out junk columns', async () => {
    const [row] = await readVrodFile(path)
    const headers = Object.keys(row)
    expect(headers[0]).toBe('Project ID')
    expect(headers).toContain('Total Credits Issued')
    expect(headers).toContain('Total Buffer Pool Deposits')
    expect(headers).toContain('Project Registered')
    expect(headers.filter((h) => /\s{2}|\n|^\s|\s$/.test(h))).toEqual([])
    expect(headers.filter((h) => /^\d{4}(\.\d)?$|^Unnamed|^1st issuance|^Year Unknown$/.test(h))).toEqual([])
    expect(row['Project Description']).toBe('Native species planted on degraded pasture.\nSecond paragraph, with a comma.')
  })

  it('imports every row with a key and a name, and says why it skipped the others', () => {
    expect(projects.map((p) => p.key)).toEqual(['VCS9101', 'GS9102', 'GS9103', 'CAR9104', 'ACR9105', 'ART9106', 'VCS9107'])
    expect(skipped).toEqual([
      { row: 8, reason: 'no Project ID' },
      { row: 9, reason: 'VCS9109 has no Project Name' },
    ])
  })

  it('keeps names exactly as given, with quotes, commas, ampersands, slashes and accents', () => {
    expect(byKey('VCS9101').name).toBe('Rio "Verde" Agroforestry, Phase II & Buffer Zones / Block A')
    expect(byKey('GS9102').name).toBe('Foyers améliorés à Kédougou – Sénégal')
  })

  it('writes keys upper-case and trimmed, and prefixes a bare Gold Standard number with GS', () => {
    expect(byKey('CAR9104').registry).toBe('CAR')
    expect(byKey('GS9103')).toMatchObject({ registry: 'GS', id: projectIdFor('GS9103') })
  })

  it('maps registries and statuses onto the contract', () => {
    expect(projects.map((p) => [p.key, p.registry, p.status])).toEqual([
      ['VCS9101', 'VCS', 'registered'],
      ['GS9102', 'GS', 'registered'],
      ['GS9103', 'GS', 'registered'],
      ['CAR9104', 'CAR', 'completed'],
      ['ACR9105', 'ACR', 'registered'],
      ['ART9106', 'ART', 'pipeline'],
      ['VCS9107', 'VCS', 'registered'],
    ])
  })

  it('reads credits as whole numbers, with empty cells as zero, and remaining below zero where the file says so', () => {
    expect(byKey('VCS9101')).toMatchObject({ issued: 120000, retired: 45000, remaining: 75000, buffer: 18000 })
    // More retired than issued: Berkeley's remaining is below zero, as its remaining-by-vintage block sums to.
    expect(byKey('CAR9104')).toMatchObject({ issued: 10000, retired: 11200, remaining: -1200, buffer: 1500 })
    expect(byKey('GS9103')).toMatchObject({ issued: 0, retired: 0, remaining: 0, buffer: 0 })
  })

  it('reads the float vintage as a year, and an empty one as null', () => {
    expect(byKey('VCS9101').vintage).toBe(2019)
    expect(byKey('CAR9104').vintage).toBe(2012)
    expect(byKey('GS9102').vintage).toBeNull()
  })

  it('writes listing and registration dates as ISO dates', () => {
    expect(byKey('VCS9101')).toMatchObject({ listed_at: '2018-03-14', registered_at: '2019-07-02' })
    expect(byKey('GS9102')).toMatchObject({ listed_at: null, registered_at: '2021-07-02' })
  })

  it('splits certification lists without breaking labels that hold a comma', () => {
    expect(byKey('VCS9101').labels).toEqual([
      'CCB-Biodiversity Gold',
      'CORSIA – Pilot Phase, 2021-2023 Eligible',
      'ICVCM CCP-Approved',
    ])
    expect(byKey('ACR9105').labels).toEqual(['CORSIA – First Phase, 2024-2026 Scope', 'Social Carbon', 'CCB-Silver'])
    // Written with a plain hyphen, the known label still comes out as the vocabulary spells it.
    expect(byKey('VCS9107').labels).toEqual([
      'CORSIA – Pilot Phase, 2021-2023 Eligible',
      'CORSIA – Pilot Phase, 2021-2023 Scope',
    ])
  })

  it('derives co-benefits from type and labels', () => {
    expect(byKey('VCS9101').co_benefits).toEqual(['biodiversity'])
    expect(byKey('GS9102').co_benefits).toEqual(['energy_access', 'gender_equality', 'health'])
    expect(byKey('ACR9105').co_benefits).toEqual(['community'])
  })

  it('fills missing place with Unknown and an unknown reduction/removal with reduction', () => {
    expect(byKey('ART9106')).toMatchObject({ region: 'Unknown', country: 'Unknown', reduction_removal: 'reduction' })
    expect(byKey('VCS9101').reduction_removal).toBe('impermanent_removal')
    expect(byKey('CAR9104').reduction_removal).toBe('mixed')
  })

  it('tidies free text, keeps only web addresses, and stamps the import time', () => {
    const project = byKey('VCS9101')
    expect(project).toMatchObject({ developer: 'Verde Vivo Ltda', state: 'Pará', methodology: 'VM0047' })
    expect(project.website).toBe('https://www.rioverde.example.org/')
    expect(byKey('VCS9107').website).toBeNull()
    expect(projects.every((p) => p.updated_at === importedAt && p.quality_score === null && p.quality_grade === null)).toBe(true)
  })
})

describe('normaliseVrodRow', () => {
  const row = (status: string | null, issued = 0) => ({
    'Project ID': 'VCS1',
    'Project Name': 'Status probe',
    'Voluntary Registry': 'VCS',
    'Voluntary Status': status,
    'Total Credits Issued': issued,
  })
  const statusOf = (status: string | null, issued = 0) => {
    const result = normaliseVrodRow(row(status, issued), importedAt)
    if (!result.ok) throw new Error(result.reason)
    return result.project.status
  }

  it.each([
    ['Listed', 'pipeline'],
    ['Under development', 'pipeline'],
    ['Under validation', 'pipeline'],
    ['Registration requested', 'pipeline'],
    ['Registration and verification approval requested', 'pipeline'],
    ['Registered', 'registered'],
    ['Gold Standard Certified Design', 'registered'],
    ['Gold Standard Certified Project', 'registered'],
    ['Late to verify', 'registered'],
    ['Verification approval requested', 'registered'],
    ['Verification approval request denied', 'registered'],
    ['Crediting Period Renewal Requested', 'registered'],
    ['Crediting Period Renewal and Verification Approval Requested', 'registered'],
    ['Requantification Requested', 'registered'],
    ['Units Transferred from Approved GHG Program', 'registered'],
    ['Completed', 'completed'],
    ['Inactive', 'inactive'],
    ['Withdrawn', 'inactive'],
    ['Rejected by Administrator', 'inactive'],
    ['Registration request denied', 'inactive'],
    ['Registration and verification approval request denied', 'inactive'],
    ['On Hold - see notification letter', 'inactive'],
    ['Canceled', 'inactive'],
    ['Transitioned', 'inactive'],
    ['Transfer to Another GHG Program', 'inactive'],
  ])('maps the status "%s" to %s', (wording, status) => {
    expect(statusOf(wording)).toBe(status)
  })

  it('infers a missing status from issuance: credits are only issued to registered projects', () => {
    expect(statusOf(null, 1200)).toBe('registered')
    expect(statusOf(null, 0)).toBe('pipeline')
  })

  it('skips a row from a registry outside the contract', () => {
    expect(normaliseVrodRow({ ...row('Listed'), 'Voluntary Registry': 'CDM' }, importedAt)).toEqual({
      ok: false,
      reason: 'unknown Voluntary Registry "CDM"',
    })
  })

  it('splits plain comma lists but not a comma that starts a year range', () => {
    expect(labelsOf('CCB-Silver, CCB-No Distinction;Social Carbon')).toEqual(['CCB-Silver', 'CCB-No Distinction', 'Social Carbon'])
    expect(labelsOf('Some Scheme - Phase One, 2030-2035 Scope')).toEqual(['Some Scheme - Phase One, 2030-2035 Scope'])
    expect(labelsOf(null)).toEqual([])
  })
})

const realFile =
  process.env.CREDENCE_VROD_FILE ??
  resolve(process.cwd(), '../shared/data/vrod/Voluntary-Registry-Offsets-Database--v2025-12-year-end.parquet')
const exists = existsSync(realFile)
let realRead: ReturnType<typeof readVrodProjects> | undefined
const readRealFile = () => (realRead ??= readVrodProjects(realFile, importedAt))

describe('the published VROD v2025-12', () => {
  it.skipIf(!exists)('reads all 10,975 projects with their registries, statuses and labels', async () => {
    const { projects, skipped } = await readRealFile()
    expect(skipped).toEqual([])
    expect(projects).toHaveLength(10_975)
    expect(new Set(projects.map((p) => p.key)).size).toBe(10_975)
    expect(new Set(projects.map((p) => p.id)).size).toBe(10_975)
    expect(projects.filter((p) => !projectKey.safeParse(p.key).success)).toEqual([])

    expect(countBy(projects, (p) => p.registry)).toEqual({ VCS: 4830, GS: 3982, CAR: 1182, ACR: 954, ART: 27 })
    expect(projects.filter((p) => p.registry === 'GS').every((p) => /^GS\d+$/.test(p.key))).toBe(true)
    expect(projects.some((p) => p.key === 'GS337')).toBe(true)
    // ACR's 366 projects with no voluntary status read their ARB / WA status: 2,847, 6,524, 766 and 838 by their credits issued.
    expect(countBy(projects, (p) => p.status)).toEqual({ pipeline: 2791, registered: 6360, completed: 887, inactive: 937 })
    expect(Object.fromEntries(['ACR190', 'ACR203', 'ACR961'].map((key) => [key, projects.find((p) => p.key === key)!.status]))).toEqual({ ACR190: 'inactive', ACR203: 'inactive', ACR961: 'inactive' })
    // A developer given as a number is ACR's account, not a name: the operator where the file names one, else no one.
    expect(projects.filter((p) => /^\d+$/.test(p.developer ?? ''))).toEqual([])
    expect(projects.find((p) => p.key === 'ACR751')!.developer).toBe('Davis Land & Timber Limited Partnership')
    expect(projects.every((p) => projectStatus.safeParse(p.status).success)).toBe(true)
    expect(countBy(projects, (p) => p.reduction_removal)).toEqual({
      reduction: 8754,
      mixed: 1481,
      impermanent_removal: 718,
      long_duration_removal: 22,
    })
    expect(Object.keys(countBy(projects, (p) => p.scope))).toHaveLength(10)
    // 82 spellings in the file; two pairs differ only in case ("Solar - centralized" 3, "Improved irrigation management" 1) and are one type each.
    expect(Object.keys(countBy(projects, (p) => p.type))).toHaveLength(80)
    expect(Object.keys(countBy(projects, (p) => p.type_as_published ?? p.type))).toHaveLength(82)
    // 79 vintages in 48 projects the count retires more of than it issues: each named by the ledger, and no other.
    const { creditYears } = await readRealFile()
    const below = creditYears.filter((y) => Number(y.remaining_by_vintage) <= -0.5)
    expect([below.length, new Set(below.map((y) => y.project_id)).size]).toEqual([79, 48])
    const named = projects.flatMap((p) => {
      const blocks = creditYears.filter((y) => y.project_id === p.id).map((y) => ({ year: y.year, issued: Number(y.issued_by_vintage), remaining: Number(y.remaining_by_vintage) }))
      return vintageLedger({ issued: p.issued, remaining: p.remaining }, blocks, []).disagreements.flatMap((d) => (d.kind === 'count_vintage_below_zero' ? [`${p.id} ${d.vintage}`] : []))
    })
    expect(named.sort()).toEqual(below.map((y) => `${y.project_id} ${y.year}`).sort())
    // Eleven read the type their own methodology and registry words both say, of another scope than the one given
    // (`typeTheFileSays`): the Reserve's ten mine-methane projects typed as manure digesters, and a livestock one as landfill.
    const retyped = projects.filter((p) => p.type_as_published !== null && p.type_as_published.toLowerCase() !== p.type.toLowerCase())
    expect(retyped.map((p) => `${p.key}: ${p.type_as_published} → ${p.type}, ${p.scope}`).sort()).toEqual([
      ...['CAR2054', 'CAR2055', 'CAR2056', 'CAR2057', 'CAR2058', 'CAR2088', 'CAR2089', 'CAR2090', 'CAR2091', 'CAR2092'].map((key) => `${key}: Manure Methane Digester → Mine Methane Capture, Industrial & Commercial`),
      'CAR2086: Landfill Methane → Manure Methane Digester, Agriculture',
    ].sort())
    expect(Object.keys(countBy(projects, (p) => p.country))).toHaveLength(147)
    expect(projects.filter((p) => p.labels.includes('ICVCM CCP-Approved'))).toHaveLength(200)
  })

  it.skipIf(!exists)('preserves names and keeps credits, vintages and dates well formed', async () => {
    const { projects } = await readRealFile()
    expect(projects.filter((p) => /[\u0080-\u{10FFFF}]/u.test(p.name))).toHaveLength(993)
    expect(Math.max(...projects.map((p) => p.name.length))).toBe(225)
    for (const field of ['issued', 'retired', 'remaining', 'buffer'] as const) {
      expect(projects.filter((p) => !Number.isSafeInteger(p[field]) || (field !== 'remaining' && p[field] < 0))).toEqual([])
    }
    // Remaining is issued less retired in every row, below zero in the 15 where more was retired than issued.
    expect(projects.filter((p) => p.remaining !== p.issued - p.retired)).toEqual([])
    expect(projects.filter((p) => p.remaining < 0)).toHaveLength(15)
    expect(sum(projects, (p) => p.issued) / 1e9).toBeCloseTo(2.55, 2)
    expect(sum(projects, (p) => p.retired) / 1e9).toBeCloseTo(1.46, 2)
    expect(projects.filter((p) => p.vintage === null)).toHaveLength(5233)
    expect(projects.filter((p) => p.vintage !== null && (p.vintage < 1996 || p.vintage > 2025))).toEqual([])
    const dates = projects.flatMap((p) => [p.listed_at, p.registered_at]).filter((d) => d !== null)
    expect(dates.length).toBeGreaterThan(0)
    expect(dates.filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d))).toEqual([])
  })
})

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1
  return counts
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0)
}
