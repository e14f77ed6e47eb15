import type { ReductionRemoval } from '../../../api/contract/common'
import { columnsOf } from './columns'
import type { RegistryRecord, RegistryListing, SkippedRow } from './registry-record'
import type { RegistryFormat } from './format'
import type { RegistryTable } from './read-table'
import { bufferPoolLabel } from '../../core/buffer-pool'
import { dayOf, quantityOf, textOf, unreadDay } from './values'

/**
 * Isometric's exports. Projects carry Isometric's short code (`TS26`, the key is `ISOTS26`) and its own id
 * (`prj_…`); issuances and retirements name a project by that id alone, so they are read with the projects file
 * in the same run. Quantities are tonnes with fractions (`2765.37`). Every pathway Isometric certifies removes
 * carbon: reforestation impermanently, the others (biochar, enhanced weathering, direct air capture, marine) for
 * the long term.
 */
const pathwayRemoval = (pathway: string): ReductionRemoval => (pathway === 'reforestation' ? 'impermanent_removal' : 'long_duration_removal')
const words = (slug: string) => (slug ? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/_/g, ' ') : slug)

/**
 * A project's totals as its listing states them, in tonnes (`….credits`; `….credit_kgs` is the same in kilograms):
 * issued with the buffer's share, the buffer's share, and the supplier's retired. None where a column is blank.
 */
function totalsOf(cell: (name: string) => string): RegistryListing['totals'] {
  const [issued, buffer, retired] = ['issued_credits_total.credits', 'issued_buffer_pool_credits_total.credits', 'retired_credits_total.credits'].map((name) => quantityOf(cell(name)))
  return issued === null || buffer === null || retired === null ? null : { issued, buffer, retired }
}

export const isometricProjects: RegistryFormat = {
  id: 'isometric-projects',
  registry: 'ISO',
  description: "Isometric's projects export",
  required: ['id', 'name', 'status', 'short_code', 'pathway'],
  read(table) {
    const cell = columnsOf(table)
    const listings: RegistryListing[] = []
    const skipped: SkippedRow[] = []
    table.rows.forEach((row, index) => {
      const code = cell(row, 'short_code')
      const id = cell(row, 'id')
      if (!/^[A-Za-z0-9]+$/.test(code) || !id.startsWith('prj_')) return skipped.push({ row: table.firstRow + index, reason: `no Isometric short code or id ("${code.slice(0, 40)}")` })
      const pathway = cell(row, 'pathway')
      listings.push({
        key: `ISO${code.toUpperCase()}`,
        registry: 'ISO',
        name: cell(row, 'name'),
        type: textOf(words(pathway)),
        status: textOf(cell(row, 'status').replace(/_/g, ' ')),
        methodology: textOf(cell(row, 'protocol_slug')),
        // Where the project is: its location, else the project's own `country_code` (ISO 3166 alpha-3: ISO3YMF gives
        // only "USA"). Never the supplier's: that is where the company sits (a Brazilian project's supplier in Germany).
        country: textOf(cell(row, 'location.country_name')) ?? textOf(cell(row, 'location.country_code')) ?? textOf(cell(row, 'country_code')),
        region: null,
        developer: textOf(cell(row, 'supplier.organisation.name')),
        reductionRemoval: pathwayRemoval(pathway),
        website: textOf(cell(row, 'url')),
        registryId: id,
        totals: totalsOf((name) => cell(row, name)),
        row: table.firstRow + index,
      })
    })
    return { records: [], listings, skipped }
  },
}

function readCredits(table: RegistryTable, kind: 'issuance' | 'retirement'): { records: RegistryRecord[]; skipped: SkippedRow[]; pairedRows: number } {
  const cell = columnsOf(table)
  const records: RegistryRecord[] = []
  const skipped: SkippedRow[] = []
  const idColumn = kind === 'issuance' ? 'id' : 'retirement_id'
  table.rows.forEach((row, index) => {
    const at = table.firstRow + index
    const id = cell(row, idColumn)
    const project = cell(row, 'project_id')
    const quantity = quantityOf(cell(row, 'credit_batch_size_total.credits'))
    if (!/^(iss|ret)_\w+$/.test(id)) return skipped.push({ row: at, reason: `no Isometric ${kind} id ("${id.slice(0, 40)}")` })
    if (!project.startsWith('prj_')) return skipped.push({ row: at, reason: `no Isometric project id ("${project.slice(0, 40)}")` })
    if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(row, 'credit_batch_size_total.credits').slice(0, 40)}")` })
    const dateColumn = kind === 'issuance' ? 'issued_at' : 'retired_at'
    const date = dayOf(cell(row, dateColumn))
    const unread = unreadDay(cell(row, dateColumn), date, dateColumn)
    if (unread) return skipped.push({ row: at, reason: unread })
    const raw = kind === 'issuance' ? {} : { 'beneficiary.name': cell(row, 'beneficiary.name'), 'owner.name': cell(row, 'owner.name'), purposes: cell(row, 'purposes'), notes: cell(row, 'notes') }
    // An issuance's batch is the supplier's credits and the buffer pool's together (every row of the April 2026
    // sample adds up so): the buffer's part is a record of its own, labelled, which the figures count as buffer.
    const { own, buffer } = kind === 'issuance' ? batchParts(cell, row, quantity) : { own: quantity, buffer: 0 }
    const record: RegistryRecord = {
      id: `ISO:${kind}:${id}`,
      registry: 'ISO',
      project_key: `@${project}`,
      kind,
      quantity: own,
      // Isometric's exports give no vintage; one is never guessed from a date.
      vintage: null,
      date,
      serial: id,
      labels: [],
      beneficiary: null,
      beneficiary_raw: Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '')),
      // `['corporate_targets']`: the list's words, without the list's punctuation.
      reason: kind === 'issuance' ? null : textOf((raw.purposes ?? '').replace(/[[\]']/g, '').replace(/_/g, ' ')),
      row: at,
    }
    // A row that gives its buffer's record besides the supplier's is paired, so the run's counts add up to its rows.
    if (buffer > 0) records.push({ ...record, id: `${record.id}:buffer`, quantity: buffer, labels: [bufferPoolLabel] })
    records.push(record)
  })
  return { records, skipped, pairedRows: records.length - (table.rows.length - skipped.length) }
}

/**
 * An issuance's batch split into the supplier's part and the buffer pool's, the supplier's as the file writes it
 * (6.174, where 6.3 less 0.126 is 6.1739999999999995 in a double) where the two add up to the batch.
 */
function batchParts(cell: ReturnType<typeof columnsOf>, row: string[], batch: number): { own: number; buffer: number } {
  const buffer = quantityOf(cell(row, 'buffer_pool_credit_batch_size_total.credits')) ?? 0
  if (!(buffer > 0) || buffer > batch) return { own: batch, buffer: 0 }
  const supplier = quantityOf(cell(row, 'supplier_credit_batch_size_total.credits'))
  return { own: supplier !== null && Math.abs(supplier + buffer - batch) < 1e-6 ? supplier : batch - buffer, buffer }
}

export const isometricIssuances: RegistryFormat = {
  id: 'isometric-issuances',
  registry: 'ISO',
  description: "Isometric's issuances export",
  required: ['id', 'issued_at', 'project_id', 'credit_batch_size_total.credits'],
  pairedBecause: "of issuances' parts into the buffer pool",
  read: (table) => ({ ...readCredits(table, 'issuance'), listings: [] }),
}

export const isometricRetirements: RegistryFormat = {
  id: 'isometric-retirements',
  registry: 'ISO',
  description: "Isometric's retirements export",
  required: ['retirement_id', 'retired_at', 'project_id', 'beneficiary.name', 'credit_batch_size_total.credits'],
  read: (table) => ({ ...readCredits(table, 'retirement'), listings: [] }),
}
