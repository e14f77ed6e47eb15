import { columnsOf } from './columns'
import type { RegistryRecord, RegistryListing, SkippedRow } from './registry-record'
import type { RegistryFormat } from './format'
import { cercarbonoSerial } from './serial-range'
import { bufferPoolLabel } from '../../core/buffer-pool'
import { dayOf, quantityOf, textOf, unreadDay, unreadVintage, vintageOf } from './values'
import { pythonLiteral } from './python-literal'

/**
 * Cercarbono's exports, as its registry on EcoRegistry publishes them. A project is its numeric `id` (the key is
 * `CCB` + id: codes such as `CDC-1` and `CP-1` share numbers, so the code is not the key). Issuances name their
 * project only inside the serial (`CDC_1_1_1_321_14_1`: prefix, project, then the batch); retirements name it by
 * `project_id` and give the units they took as `from`–`to` within the issuance's serial. Nested fields are Python
 * reprs (`[{'description': 'Land use (AFOLU)', …}]`): only the words between `'description': '…'` are read.
 */
const descriptions = (text: string) => [...text.matchAll(/'description':\s*'([^']*)'/g)].map((m) => m[1].trim()).filter(Boolean)
const countryOf = (locations: string) => /'country':\s*'([^']*)'/.exec(locations)?.[1] ?? null
const pageOf = (id: string) => `https://www.ecoregistry.io/projects/${id}`

/** A listing with no name ("-"), no sector and no stage ("Not assigned"): a placeholder, however it is owned. */
const placeholder = (name: string, sector: string, stage: string) =>
  /^[\s-]*$/.test(name) && descriptions(sector).length === 0 && (stage.trim() === '' || /^not assigned$/i.test(stage.trim()))

export const cercarbonoProjects: RegistryFormat = {
  id: 'cercarbono-projects',
  registry: 'CCB',
  description: "Cercarbono's projects export",
  required: ['id', 'code', 'name', 'standard', 'sector', 'stage', 'locations'],
  pairedBecause: "of the serials a project's listing gives, buffer batches among them",
  read(table) {
    const cell = columnsOf(table)
    const listings: RegistryListing[] = []
    const records: RegistryRecord[] = []
    const skipped: SkippedRow[] = []
    const hasSerials = table.headers.some((header) => header.trim() === 'serials')
    // A listing's row gives its project and its serials' records: each record, or serial skipped, is one more than its row.
    let pairedRows = 0
    table.rows.forEach((row, index) => {
      const id = cell(row, 'id')
      if (!/^\d{1,9}$/.test(id)) return skipped.push({ row: table.firstRow + index, reason: `no Cercarbono project number ("${id.slice(0, 40)}")` })
      // The April 2026 export lists seven such rows, named "-", owned by "Pruebas 1" ("Tests 1"), with no sector and
      // no stage, and no record names them: the registry's own test listings, not projects to rate, list or buy.
      if (placeholder(cell(row, 'name'), cell(row, 'sector'), cell(row, 'stage'))) {
        return skipped.push({ row: table.firstRow + index, reason: `a placeholder listing, not a project: named "${cell(row, 'name').slice(0, 40)}", with no sector and no stage` })
      }
      listings.push({
        key: `CCB${Number(id)}`,
        registry: 'CCB',
        name: cell(row, 'name') || cell(row, 'code'),
        type: textOf(descriptions(cell(row, 'sector')).join('; ')),
        // "Not assigned" is a project with no stage yet: said as nothing rather than as a status.
        status: /^not assigned$/i.test(cell(row, 'stage')) ? null : textOf(cell(row, 'stage')),
        methodology: textOf(cell(row, 'quantification_method')) ?? textOf(cell(row, 'evaluation_criteria')),
        country: textOf(countryOf(cell(row, 'locations')) ?? ''),
        region: null,
        developer: textOf(cell(row, 'developer')) ?? textOf(cell(row, 'owner')),
        website: pageOf(String(Number(id))),
        // Afforestation and reforestation take carbon up, for as long as the trees stand; other methods do not say.
        ...(/afforestation|reforestation/i.test(cell(row, 'quantification_method')) ? { reductionRemoval: 'impermanent_removal' as const } : {}),
        row: table.firstRow + index,
      })
      if (hasSerials) {
        const issued = serialsOf(cell(row, 'serials'), id, table.firstRow + index)
        records.push(...issued.records)
        skipped.push(...issued.skipped)
        pairedRows += issued.records.length + issued.skipped.length
      }
    })
    return { records, listings, skipped, pairedRows }
  },
}

/**
 * A project's issuances as its listing gives them (`serials`): the issuances file of the April 2026 sample holds 100
 * of the 890 its projects list, all of projects 1 to 12, so 31 registered projects (CCB16, Porce III, 12,649,577
 * credits) read as never issued. Each is the record its row of the issuances file is (the same id, so a run of both
 * files counts it once), of the listing's own project: serials such as `CDC_R_16_…` do not begin with its number.
 */
function serialsOf(text: string, projectNumber: string, at: number): { records: RegistryRecord[]; skipped: SkippedRow[] } {
  if (text.trim() === '' || text.trim() === '[]') return { records: [], skipped: [] }
  const entries = pythonLiteral(text)
  if (!Array.isArray(entries)) return { records: [], skipped: [{ row: at, reason: `its serials are not a list of issuances ("${text.slice(0, 40)}"): the listing is kept, its issuances left out` }] }
  const records: RegistryRecord[] = []
  const skipped: SkippedRow[] = []
  for (const entry of entries as Record<string, unknown>[]) {
    // 26 of the sample's batches issue none (a verification that credited nothing): no credits, no record, nothing lost.
    if (entry?.issued_quantity === 0) continue
    const serial = typeof entry?.serial === 'string' ? entry.serial : ''
    const eligible = Array.isArray(entry?.elegible) ? (entry.elegible as { description?: unknown }[]).flatMap((use) => (typeof use?.description === 'string' && use.description.trim() ? [use.description.trim()] : [])) : []
    const words = { serial, quantity: String(entry?.issued_quantity ?? ''), date: String(entry?.issuance_date ?? ''), year: String(entry?.year ?? ''), isBuffer: entry?.is_buffer === true, eligible }
    const record = serial === '' ? 'an issuance of its serials with no serial' : issuanceRecord(words, projectNumber, at)
    if (typeof record === 'string') skipped.push({ row: at, reason: `${serial ? `its issuance ${serial.slice(0, 40)}: ` : ''}${record}` })
    else records.push(record)
  }
  return { records, skipped }
}

/** An issuance serial's project number: `CDC_12_…` → 12. */
const serialProject = /^[A-Za-z]+_(\d{1,9})_/

/** One issuance as either export gives it: a row of the issuances file, or an entry of a project's `serials`. */
interface IssuanceWords {
  serial: string
  quantity: string
  date: string
  year: string
  isBuffer: boolean
  /** The uses it is eligible for ("Colombian Carbon Tax"). */
  eligible: string[]
}

/** An issuance record of a project, or why it cannot be read. */
function issuanceRecord(words: IssuanceWords, projectNumber: string, at: number): RegistryRecord | string {
  const quantity = quantityOf(words.quantity)
  if (quantity === null) return `no readable quantity ("${words.quantity.slice(0, 40)}")`
  const date = dayOf(words.date)
  const vintage = vintageOf(words.year)
  const unread = unreadDay(words.date, date, 'issuance_date') ?? unreadVintage(words.year, vintage, 'year')
  if (unread) return unread
  const labels = words.eligible.map((use) => `Eligible: ${use}`)
  // Buffer batches are issued into the registry's buffer account, not to the project: said, and kept apart by the label.
  if (words.isBuffer) labels.unshift(bufferPoolLabel)
  return {
    id: `CCB:issuance:${words.serial}`,
    registry: 'CCB',
    project_key: `CCB${Number(projectNumber)}`,
    kind: 'issuance',
    quantity,
    vintage,
    date,
    serial: words.serial,
    labels,
    beneficiary: null,
    beneficiary_raw: {},
    reason: null,
    row: at,
  }
}

export const cercarbonoIssuances: RegistryFormat = {
  id: 'cercarbono-issuances',
  registry: 'CCB',
  description: "Cercarbono's issuances export",
  required: ['serial', 'issued_quantity', 'issuance_date', 'year', 'is_buffer'],
  read(table) {
    const cell = columnsOf(table)
    const records: RegistryRecord[] = []
    const skipped: SkippedRow[] = []
    table.rows.forEach((row, index) => {
      const at = table.firstRow + index
      const serial = cell(row, 'serial')
      const project = serialProject.exec(serial)?.[1]
      if (!project) return skipped.push({ row: at, reason: `no Cercarbono serial naming a project ("${serial.slice(0, 40)}")` })
      const words = {
        serial,
        quantity: cell(row, 'issued_quantity'),
        date: cell(row, 'issuance_date'),
        year: cell(row, 'year'),
        isBuffer: /^true$/i.test(cell(row, 'is_buffer')),
        eligible: descriptions(cell(row, 'elegible')),
      }
      const record = issuanceRecord(words, project, at)
      if (typeof record === 'string') return skipped.push({ row: at, reason: record })
      records.push(record)
    })
    return { records, listings: [], skipped }
  },
}

export const cercarbonoRetirements: RegistryFormat = {
  id: 'cercarbono-retirements',
  registry: 'CCB',
  description: "Cercarbono's retirements export",
  required: ['project_id', 'serial', 'vintage', 'certificate_destination', 'end_user', 'date', 'quantity', 'from', 'to'],
  read(table) {
    const cell = columnsOf(table)
    const records: RegistryRecord[] = []
    const skipped: SkippedRow[] = []
    table.rows.forEach((row, index) => {
      const at = table.firstRow + index
      const project = cell(row, 'project_id')
      const serial = cell(row, 'serial')
      const [from, to] = [cell(row, 'from'), cell(row, 'to')]
      const quantity = quantityOf(cell(row, 'quantity'))
      if (!/^\d{1,9}$/.test(project)) return skipped.push({ row: at, reason: `no Cercarbono project number ("${project.slice(0, 40)}")` })
      if (!serial || !/^\d+$/.test(from) || !/^\d+$/.test(to)) return skipped.push({ row: at, reason: `no serial and unit range ("${serial.slice(0, 40)}" ${from.slice(0, 12)}–${to.slice(0, 12)})` })
      if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(row, 'quantity').slice(0, 40)}")` })
      const date = dayOf(cell(row, 'date'))
      const vintage = vintageOf(cell(row, 'vintage'))
      const unread = unreadDay(cell(row, 'date'), date, 'date') ?? unreadVintage(cell(row, 'vintage'), vintage, 'vintage')
      if (unread) return skipped.push({ row: at, reason: unread })
      const raw = {
        end_user: cell(row, 'end_user'),
        passive_subject: cell(row, 'passive_subject'),
        certificate_destination: cell(row, 'certificate_destination'),
        industry: cell(row, 'industry'),
      }
      records.push({
        id: `CCB:retirement:${serial}:${from}-${to}`,
        registry: 'CCB',
        project_key: `CCB${Number(project)}`,
        kind: 'retirement',
        quantity,
        vintage,
        date,
        serial: cercarbonoSerial(serial, from, to),
        labels: [],
        beneficiary: null,
        beneficiary_raw: Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && !/^not defined$/i.test(v))),
        reason: textOf(raw.certificate_destination),
        row: at,
      })
    })
    return { records, listings: [], skipped }
  },
}

export const cercarbonoFormats: readonly RegistryFormat[] = [cercarbonoRetirements, cercarbonoIssuances, cercarbonoProjects]
