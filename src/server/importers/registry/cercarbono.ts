import { columnsOf } from './columns'
import type { RegistryRecord, RegistryListing, SkippedRow } from './registry-record'
import type { RegistryFormat } from './format'
import { cercarbonoSerial } from './serial-range'
import { bufferPoolLabel } from '../../core/buffer-pool'
import { dayOf, quantityOf, textOf, unreadDay, unreadVintage, vintageOf } from './values'

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
  read(table) {
    const cell = columnsOf(table)
    const listings: RegistryListing[] = []
    const skipped: SkippedRow[] = []
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
    })
    return { records: [], listings, skipped }
  },
}

/** An issuance serial's project number: `CDC_12_…` → 12. */
const serialProject = /^[A-Za-z]+_(\d{1,9})_/

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
      const quantity = quantityOf(cell(row, 'issued_quantity'))
      if (!project) return skipped.push({ row: at, reason: `no Cercarbono serial naming a project ("${serial.slice(0, 40)}")` })
      if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(row, 'issued_quantity').slice(0, 40)}")` })
      const date = dayOf(cell(row, 'issuance_date'))
      const vintage = vintageOf(cell(row, 'year'))
      const unread = unreadDay(cell(row, 'issuance_date'), date, 'issuance_date') ?? unreadVintage(cell(row, 'year'), vintage, 'year')
      if (unread) return skipped.push({ row: at, reason: unread })
      const labels = descriptions(cell(row, 'elegible')).map((use) => `Eligible: ${use}`)
      // Buffer batches are issued into the registry's buffer account, not to the project: said, and kept apart by the label.
      if (/^true$/i.test(cell(row, 'is_buffer'))) labels.unshift(bufferPoolLabel)
      records.push({
        id: `CCB:issuance:${serial}`,
        registry: 'CCB',
        project_key: `CCB${Number(project)}`,
        kind: 'issuance',
        quantity,
        vintage,
        date,
        serial,
        labels,
        beneficiary: null,
        beneficiary_raw: {},
        reason: null,
        row: at,
      })
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
