import type { CreditKind } from '../../../api/contract/credits'
import type { RegistryRecord, RegistryListing, SkippedRow } from './registry-record'
import { columnsOf } from './columns'
import type { RegistryFormat } from './format'
import type { RegistryTable } from './read-table'
import { dayOf, quantityOf, sdgsOf, textOf, unreadDay, unreadVintage, vintageOf } from './values'

/**
 * Gold Standard's labels: `"ICVCM CCP, Emission Reduction"`. Whether a credit is a reduction or a removal is its
 * product, not a label, so only the certifications are kept, with a non-empty Article 6 authorisation.
 */
function labelsOf(label: string, article6: string): string[] {
  const labels = label.split(',').map((l) => l.trim()).filter((l) => l !== '' && !/^emission (reduction|removal)s?$/i.test(l))
  if (textOf(article6) && !/^not applicable$/i.test(article6)) labels.push(`Article 6: ${article6}`)
  return labels
}

function readCredits(table: RegistryTable, kindOf: (status: string) => CreditKind | null): { records: RegistryRecord[]; skipped: SkippedRow[] } {
  const cell = columnsOf(table)
  const records: RegistryRecord[] = []
  const skipped: SkippedRow[] = []
  table.rows.forEach((row, index) => {
    const at = table.firstRow + index
    const gsid = cell(row, 'GSID').replace(/\.0$/, '')
    const quantity = quantityOf(cell(row, 'Quantity'))
    const serial = cell(row, 'Serial Number')
    const status = cell(row, 'Credit Status')
    const kind = kindOf(status)
    if (!/^\d+$/.test(gsid)) return skipped.push({ row: at, reason: `no GSID ("${gsid.slice(0, 40)}")` })
    if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(row, 'Quantity').slice(0, 40)}")` })
    if (serial === '') return skipped.push({ row: at, reason: 'no serial number' })
    if (kind === null) return skipped.push({ row: at, reason: `a credit status this file does not record ("${status.slice(0, 40)}")` })
    const dateColumn = kind === 'issuance' ? 'Issuance Date' : 'Retirement Date'
    const date = dayOf(cell(row, dateColumn))
    const vintage = vintageOf(cell(row, 'Vintage'))
    const unread = unreadDay(cell(row, dateColumn), date, dateColumn) ?? unreadVintage(cell(row, 'Vintage'), vintage, 'Vintage')
    if (unread) return skipped.push({ row: at, reason: unread })
    const raw = kind === 'issuance' ? {} : { 'Using Entity': cell(row, 'Using Entity'), Note: cell(row, 'Note'), 'Aeroplane Operator Name': cell(row, 'Aeroplane Operator Name') }
    records.push({
      id: `GS:${kind}:${serial}`,
      registry: 'GS',
      project_key: `GS${gsid}`,
      kind,
      quantity,
      vintage,
      date,
      serial,
      labels: labelsOf(cell(row, 'Label'), cell(row, 'Article Six Authorization')),
      beneficiary: null,
      beneficiary_raw: Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '')),
      reason: kind === 'issuance' ? null : textOf(cell(row, 'Use Case')),
      row: at,
    })
  })
  return { records, skipped }
}

const creditColumns = ['GSID', 'Vintage', 'Credit Status', 'Quantity', 'Serial Number']

/** Gold Standard's issuances: one row per issued batch, identified by its serial range. */
export const goldStandardIssuances: RegistryFormat = {
  id: 'gold-standard-issuances',
  registry: 'GS',
  description: "Gold Standard's issuances export",
  required: [...creditColumns, 'Issuance Date'],
  read: (table) => ({ ...readCredits(table, (status) => (/^issued$/i.test(status) ? 'issuance' : null)), listings: [] }),
}

/**
 * Gold Standard's retirements: retired batches, and beside them batches whose status is `Canceled` (with no
 * retirement date), which are cancellations.
 */
export const goldStandardRetirements: RegistryFormat = {
  id: 'gold-standard-retirements',
  registry: 'GS',
  description: "Gold Standard's retirements export",
  required: [...creditColumns, 'Retirement Date', 'Using Entity'],
  read: (table) => ({
    ...readCredits(table, (status) => (/^retired$/i.test(status) ? 'retirement' : /^cancell?ed$/i.test(status) ? 'cancellation' : null)),
    listings: [],
  }),
}

/** Gold Standard's projects export. */
export const goldStandardProjects: RegistryFormat = {
  id: 'gold-standard-projects',
  registry: 'GS',
  description: "Gold Standard's projects export",
  required: ['GSID', 'Project Name', 'Status', 'Project Type', 'Country'],
  read(table) {
    const cell = columnsOf(table)
    const listings: RegistryListing[] = []
    const skipped: SkippedRow[] = []
    table.rows.forEach((row, index) => {
      const gsid = cell(row, 'GSID').replace(/\.0$/, '')
      if (!/^\d+$/.test(gsid)) return skipped.push({ row: table.firstRow + index, reason: `no GSID ("${gsid.slice(0, 40)}")` })
      listings.push({
        key: `GS${gsid}`,
        registry: 'GS',
        name: cell(row, 'Project Name'),
        type: textOf(cell(row, 'Project Type')),
        status: textOf(cell(row, 'Status')),
        methodology: textOf(cell(row, 'Methodology')),
        country: textOf(cell(row, 'Country')),
        region: null,
        developer: textOf(cell(row, 'Project Developer Name')),
        sdgs: sdgsOf(cell(row, 'Sustainable Development Goals')),
        row: table.firstRow + index,
      })
    })
    return { records: [], listings, skipped }
  },
}
