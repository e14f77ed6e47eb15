import type * as z from 'zod/mini'
import { projectKey, type ProjectStatus, type reductionRemoval, type RegistryCode } from '../../api/contract/common'
import { labelNames, type CoBenefit } from '../../api/contract/vocabulary'
import { deriveCoBenefits } from '../../api/co-benefits'
import { projectIdFor } from '../core/ids'
import type { NewProject } from '../db/schema'
import { creditBlocks, readVrodFile, type VrodRow } from './vrod-read'
import { lookup } from '../../lib/lookup'
import { projectStatusOf } from './status-words'
import { typeTheFileSays } from './vocabulary/listing-type'
import { credenceTypes } from './vocabulary/types'

type ReductionRemoval = z.infer<typeof reductionRemoval>

/**
 * A VROD project ready to upsert by key: every column set, vocabularies already mapped to the contract's.
 * A type alias rather than an interface, so that it stays assignable to `Record<string, unknown>`.
 */
export type VrodProject = Required<NewProject> & {
  registry: RegistryCode
  status: ProjectStatus
  reduction_removal: ReductionRemoval
  issued: number
  retired: number
  remaining: number
  buffer: number
  co_benefits: CoBenefit[]
  quality_score: null
  quality_grade: null
  updated_at: Date
  synthetic: false
}

/** One year of a project's credits, the four series as Berkeley's blocks give them (values may be negative). */
export interface VrodCreditYear {
  project_id: string
  year: number
  issued_by_vintage: number
  issued_in_year: number
  retired_in_year: number
  /** Remaining of the vintage as of the release; retired of it is issued less this. */
  remaining_by_vintage: number
}

export type VrodRowResult = { ok: true; project: VrodProject; years: VrodCreditYear[] } | { ok: false; reason: string }

export interface SkippedVrodRow {
  /** 1-based position among the data rows (the header is not counted). */
  row: number
  reason: string
}

export interface VrodProjects {
  projects: VrodProject[]
  creditYears: VrodCreditYear[]
  skipped: SkippedVrodRow[]
}

/** Reads a file from disk; `asOf` is the date of its data, which the projects' `updated_at` carries. */
export async function readVrodProjects(path: string, asOf: Date = new Date()): Promise<VrodProjects> {
  return normaliseVrodRows(await readVrodFile(path), asOf)
}

export function normaliseVrodRows(rows: VrodRow[], asOf: Date): VrodProjects {
  const projects: VrodProject[] = []
  const creditYears: VrodCreditYear[] = []
  const skipped: SkippedVrodRow[] = []
  const firstRowOf = new Map<string, number>()
  for (const [index, source] of rows.entries()) {
    const row = index + 1
    // One row that cannot be read is skipped and counted; it never sinks the rest of the file.
    let result: VrodRowResult
    try {
      result = normaliseVrodRow(source, asOf)
    } catch (error) {
      result = { ok: false, reason: `unreadable (${(error as Error).message})` }
    }
    if (!result.ok) {
      skipped.push({ row, reason: result.reason })
      continue
    }
    const first = firstRowOf.get(result.project.key)
    // Projects are upserted by key, so a second row with the same key would silently overwrite the first.
    if (first !== undefined) {
      skipped.push({ row, reason: `Project ID ${result.project.key} repeats row ${first}` })
      continue
    }
    firstRowOf.set(result.project.key, row)
    projects.push(result.project)
    for (const year of result.years) creditYears.push(year)
  }
  spellTypesOneWay(projects)
  return { projects, creditYears, skipped }
}

/** Types that differ only in case or spacing ("Solar - Centralized", "Solar - centralized") are one type. */
const typeIdentity = (type: string) => type.toLowerCase().replace(/\s+/g, ' ')

/**
 * Gives every spelling of a type the one the file uses most (ties to the first in code-point order), so a
 * filter or facet counts it once; a project spelled otherwise keeps its own spelling in `type_as_published`.
 */
export function spellTypesOneWay(projects: VrodProject[]): void {
  const counts = new Map<string, Map<string, number>>()
  for (const { type } of projects) {
    const spellings = counts.get(typeIdentity(type)) ?? new Map<string, number>()
    spellings.set(type, (spellings.get(type) ?? 0) + 1)
    counts.set(typeIdentity(type), spellings)
  }
  const canonical = new Map<string, string>()
  for (const [identity, spellings] of counts) {
    const [best] = [...spellings].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    canonical.set(identity, best[0])
  }
  for (const project of projects) {
    const spelled = canonical.get(typeIdentity(project.type))!
    if (spelled !== project.type) {
      project.type_as_published = project.type
      project.type = spelled
      // What a type delivers by its nature is looked up by its spelling.
      project.co_benefits = deriveCoBenefits(project)
    }
  }
}

const firstYear = 1990
const lastYear = 2100

/** The per-year blocks of one row, as one record per year with any non-zero value. */
function creditYearsOf(row: VrodRow, projectId: string): VrodCreditYear[] {
  const byYear = new Map<number, VrodCreditYear>()
  for (const key of Object.keys(row)) {
    if (!key.startsWith('@')) continue
    const value = signedCredits(row[key])
    if (value === 0) continue
    const [block, yearText] = key.slice(1).split(':')
    const year = Number(yearText)
    if (!(year >= firstYear && year <= lastYear) || !creditBlocks.includes(block as (typeof creditBlocks)[number])) continue
    let entry = byYear.get(year)
    if (!entry) {
      entry = { project_id: projectId, year, issued_by_vintage: 0, issued_in_year: 0, retired_in_year: 0, remaining_by_vintage: 0 }
      byYear.set(year, entry)
    }
    entry[block as (typeof creditBlocks)[number]] = value
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year)
}

/** A per-year count as a whole number: empty is none; negative kept, where a registry reversed an entry. */
function signedCredits(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(tidy(value)?.replace(/[,\s]/g, '') ?? 0)
  return Number.isFinite(number) ? Math.round(number) : 0
}


export function normaliseVrodRow(row: VrodRow, importedAt: Date): VrodRowResult {
  const rawKey = tidy(row[column.key])
  if (!rawKey) return { ok: false, reason: 'no Project ID' }
  const rawRegistry = tidy(row[column.registry])
  const registry = rawRegistry ? lookup(registryCodes, rawRegistry.toUpperCase()) : registryFromKey(rawKey)
  if (!registry) {
    const reason = rawRegistry ? `unknown Voluntary Registry "${rawRegistry}"` : `${rawKey} has no Voluntary Registry`
    return { ok: false, reason }
  }
  const key = projectKeyOf(rawKey, registry)
  if (!projectKey.safeParse(key).success) return { ok: false, reason: `Project ID "${rawKey}" is not a registry key` }

  const name = row[column.name]
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, reason: `${key} has no Project Name` }

  const issued = credits(row[column.issued])
  const published = tidy(row[column.type]) ?? unknown
  // Where the file's own methodology and registry words both say another type, of another scope, they are read
  // (`typeTheFileSays`): its type is kept as Berkeley published it, and the scope follows the type read.
  const said = typeTheFileSays(published, tidy(row[column.methodology]), tidy(row[column.registryType]))
  const type = said ?? published
  const labels = labelsOf(row[column.labels])
  // VROD carries no SDG column (checked in v2025-12); Gold Standard's SDGs have to come from its own registry.
  const sdgs: number[] = []
  const id = projectIdFor(key)
  return {
    ok: true,
    years: creditYearsOf(row, id),
    project: {
      id,
      key,
      name,
      registry,
      // Read by the one table of status words every importer shares. A blank voluntary status is ACR's for a project
      // listed for a compliance programme alone (366 of v2025-12's), whose status there says it (`ARB Completed`,
      // `ARB Inactive`); with neither, the credits issued decide.
      status: projectStatusOf(tidy(row[column.status]) ?? tidy(row[column.complianceStatus]), issued),
      scope: said ? credenceTypes[said].scope : (tidy(row[column.scope]) ?? unknown),
      type,
      type_as_published: said ? published : null,
      reduction_removal: reductionRemovalOf(tidy(row[column.reductionRemoval])),
      region: tidy(row[column.region]) ?? unknown,
      country: tidy(row[column.country]) ?? unknown,
      state: tidy(row[column.state]),
      methodology: tidy(row[column.methodology]),
      developer: developerOf(row),
      website: websiteOf(tidy(row[column.website])),
      vintage: vintageOf(row[column.vintage]),
      issued,
      retired: credits(row[column.retired]),
      // Kept as Berkeley states it: 15 projects have retired more than was issued, and their remaining is below
      // zero, as the sum of their remaining-by-vintage block is. What is for sale is never below none (catalogue/load.ts).
      remaining: signedCredits(row[column.remaining]),
      buffer: credits(row[column.buffer]),
      labels,
      co_benefits: deriveCoBenefits({ type, labels, sdgs }),
      sdgs,
      listed_at: isoDateOf(row[column.listed]),
      registered_at: isoDateOf(row[column.registered]),
      quality_score: null,
      quality_grade: null,
      updated_at: importedAt,
      synthetic: false,
      compliance_id: tidy(row[column.complianceId]),
    },
  }
}

/**
 * Who develops the project. 122 of ACR's rows of v2025-12 give a number there ("169" for ACR751), an account of
 * ACR's, not a name: the project's operator stands in where the file names one (13 of them), else no one is named.
 */
function developerOf(row: Readonly<Record<string, unknown>>): string | null {
  const developer = tidy(row[column.developer])
  return developer !== null && /^\d+$/.test(developer) ? tidy(row[column.operator]) : developer
}

/** Headers after whitespace is normalised by the reader. */
const column = {
  key: 'Project ID',
  name: 'Project Name',
  registry: 'Voluntary Registry',
  status: 'Voluntary Status',
  complianceStatus: 'ARB / WA Status',
  complianceId: 'ARB / WA ID',
  scope: 'Scope',
  type: 'Type',
  registryType: 'Project Type From the Registry',
  reductionRemoval: 'Reduction / Removal',
  methodology: 'Methodology / Protocol',
  region: 'Region',
  country: 'Country',
  state: 'State',
  developer: 'Project Developer',
  operator: 'Offset Project Operator',
  issued: 'Total Credits Issued',
  retired: 'Total Credits Retired',
  remaining: 'Total Credits Remaining',
  buffer: 'Total Buffer Pool Deposits',
  vintage: 'First Year of Project (Vintage)',
  listed: 'Project Listed',
  registered: 'Project Registered',
  labels: 'Sustainability Certifications',
  website: 'Project Website',
} as const

const unknown = 'Unknown'

function tidy(value: unknown): string | null {
  if (value === null || value === undefined) return null
  const text = String(value).replace(/\s+/g, ' ').trim()
  return text === '' ? null : text
}

const registryCodes: Partial<Record<string, RegistryCode>> = {
  VCS: 'VCS',
  VERRA: 'VCS',
  GOLD: 'GS',
  GS: 'GS',
  'GOLD STANDARD': 'GS',
  CAR: 'CAR',
  ACR: 'ACR',
  ART: 'ART',
  'ART TREES': 'ART',
}

function registryFromKey(key: string): RegistryCode | undefined {
  const prefix = /^(VCS|GS|CAR|ACR|ART)\d/.exec(key.toUpperCase())
  return prefix ? registryCodes[prefix[1]] : undefined
}

/** Keys are the registry's own, `GS337`; a bare number (as Gold Standard writes its IDs) gets the registry's prefix. */
function projectKeyOf(rawKey: string, registry: RegistryCode): string {
  const key = rawKey.toUpperCase().replace(/\s+/g, '')
  return /^\d+$/.test(key) ? `${registry}${key}` : key
}

function reductionRemovalOf(wording: string | null): ReductionRemoval {
  switch (wording?.toLowerCase().replace(/[\s–—-]+/g, ' ')) {
    case 'mixed':
      return 'mixed'
    case 'impermanent removal':
      return 'impermanent_removal'
    case 'long duration removal':
      return 'long_duration_removal'
    default:
      return 'reduction'
  }
}

/** Credit totals as whole, non-negative numbers: an empty cell is none, and ACR reports a few negative balances. */
function credits(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(tidy(value)?.replace(/[,\s]/g, '') ?? 0)
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0
}

function vintageOf(value: unknown): number | null {
  const year = Math.trunc(typeof value === 'number' ? value : Number(tidy(value) ?? NaN))
  return year >= 1900 && year <= 2100 ? year : null
}

/** `YYYY-MM-DD`, from the parquet's timestamps or a CSV's ISO (`2019-07-02 00:00:00`) or US (`7/2/2019`) dates. */
function isoDateOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10)
  const text = tidy(value)
  if (!text) return null
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text)
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : []
  if (!year) return null
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  // Date.UTC rolls 2019-02-30 over into March; a date that does not round-trip was never a date.
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return null
  return date.toISOString().slice(0, 10)
}

/** Only something that reads as a web address; VROD also holds e-mail addresses, "ninguna", "No aplica". */
function websiteOf(text: string | null): string | null {
  if (!text || text.includes('@')) return null
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
    return /\.[a-z]{2,}$/i.test(url.hostname) ? url.href : null
  } catch {
    return null
  }
}

const knownLabels: readonly string[] = Object.values(labelNames)

/** The dash after "CORSIA" however it is written: a hyphen, an en or an em dash. */
const corsiaDash = /^CORSIA\s*[-–—]\s*/

/**
 * Certification labels, listed with semicolons and sometimes commas, while some labels hold a comma themselves
 * ("CORSIA – Pilot Phase, 2021-2023 Eligible"). Known labels are matched first, whatever dash they are written
 * with, and come out spelled as the vocabulary spells them; the rest is split at commas that do not start a year,
 * a CORSIA label's dash written as the vocabulary's are ("CORSIA - Pilot Phase, 2021-2023 Scope" as "CORSIA – …").
 */
export function labelsOf(value: unknown): string[] {
  const labels = new Set<string>()
  for (const part of (tidy(value) ?? '').split(';')) {
    let rest = part.trim()
    while (rest !== '') {
      const known = knownLabels.find((label) => startsWithLabel(rest, label))
      const end = known ? known.length : listComma(rest)
      const label = known ?? rest.slice(0, end).trim().replace(corsiaDash, 'CORSIA – ')
      if (label !== '') labels.add(label)
      rest = rest.slice(end).replace(/^\s*,/, '').trim()
    }
  }
  return [...labels]
}

function startsWithLabel(text: string, label: string): boolean {
  const head = text.slice(0, label.length)
  const fold = (s: string) => s.replace(/[–—]/g, '-').toLowerCase()
  return fold(head) === fold(label) && /^(\s*,|$)/.test(text.slice(label.length))
}

function listComma(text: string): number {
  const match = /,(?!\s*\d)/.exec(text)
  return match ? match.index : text.length
}
