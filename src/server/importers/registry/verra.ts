import { addRow, type RegistryRecord, type RegistryListing, type SkippedRow } from './registry-record'
import { columnsOf } from './columns'
import type { RegistryFormat } from './format'
import { RowChecks } from './record-checks'
import { dayOf, quantityOf, textOf, unreadDay, unreadVintage, vintageOf } from './values'

/** Verra writes additional certifications in one cell, separated by semicolons. */
const labelsOf = (text: string) => text.split(';').map((label) => label.trim()).filter(Boolean)

/**
 * Verra's transactions export: one row per block of serial numbers, issued on `Issuance Date`; a block with a
 * `Retirement/Cancellation Date` was retired or cancelled that day (the file does not say which). A block's
 * serial number begins with its issuance's number (`19298-935995787-935995804-VCS-VCU-…`): the blocks of one
 * issuance add up to it, so an issuance is one record summed over its blocks, and a block split further in a
 * newer export still belongs to the same issuance and is not counted again. Each row is checked before it is added
 * (`RowChecks`): a block that fails, or shares serial numbers with an earlier row's, is skipped whole, its issued
 * and its retired credits alike.
 */
export const verraTransactions: RegistryFormat = {
  id: 'verra-transactions',
  registry: 'VCS',
  description: "Verra's transactions export",
  required: ['Issuance Date', 'Vintage Start', 'ID', 'Quantity Issued', 'Serial Number', 'Retirement/Cancellation Date'],
  sumsRows: true,
  pairedBecause: "of retirements and cancellations written on their block's row",
  read(table) {
    const cell = columnsOf(table)
    const records: RegistryRecord[] = []
    const skipped: SkippedRow[] = []
    const issuances = new Map<string, RegistryRecord>()
    const checks = new RowChecks()
    let pairedRows = 0
    table.rows.forEach((row, index) => {
      const at = table.firstRow + index
      const id = cell(row, 'ID')
      const quantity = quantityOf(cell(row, 'Quantity Issued'))
      const serial = cell(row, 'Serial Number')
      const batch = /^(\d+)-(\d+)-(\d+)-/.exec(serial)
      const issuedText = cell(row, 'Issuance Date')
      const issued = dayOf(issuedText, 'dmy')
      if (!/^\d+$/.test(id)) return skipped.push({ row: at, reason: `no Verra project ID ("${id.slice(0, 40)}")` })
      if (quantity === null) return skipped.push({ row: at, reason: `no readable quantity ("${cell(row, 'Quantity Issued').slice(0, 40)}")` })
      if (!batch) return skipped.push({ row: at, reason: `no Verra serial number ("${serial.slice(0, 60)}")` })
      const closed = cell(row, 'Retirement/Cancellation Date')
      const closedOn = closed === '' ? null : dayOf(closed, 'dmy')
      const vintageText = cell(row, 'Vintage Start')
      const vintage = vintageOf(vintageText)
      const unread = unreadDay(issuedText, issued, 'Issuance Date') ?? unreadDay(closed, closedOn, 'Retirement/Cancellation Date') ?? unreadVintage(vintageText, vintage, 'Vintage Start')
      if (unread) return skipped.push({ row: at, reason: unread })
      const problem = checks.problem({ at, registry: 'VCS', kind: 'issuance', quantity, days: [issued, closedOn], serial })
      if (problem) return skipped.push({ row: at, reason: problem })
      const project_key = `VCS${id}`
      const labels = labelsOf(cell(row, 'Additional Certifications'))
      const issuanceId = `VCS:issuance:${batch[1]}`
      const issuance = issuances.get(issuanceId)
      if (issuance) addRow(issuance, quantity, labels)
      else {
        // Every block of an issuance states what the issuance of its vintage came to; an export without the column
        // states nothing.
        const statedTotal = quantityOf(cell(row, 'Total Vintage Quantity'))
        const record: RegistryRecord = {
          id: issuanceId,
          registry: 'VCS',
          project_key,
          kind: 'issuance',
          quantity,
          vintage,
          date: issued,
          serial: batch[1],
          labels: [...labels],
          beneficiary: null,
          beneficiary_raw: {},
          reason: null,
          ...(statedTotal === null ? {} : { stated_vintage_total: statedTotal }),
          row: at,
        }
        issuances.set(issuanceId, record)
        records.push(record)
      }
      if (closed === '') return
      // The fields that say anything, in this order (a record's fingerprint hashes its keys in order).
      const raw: Record<string, string> = {}
      const beneficiary = cell(row, 'Retirement Beneficiary')
      const reason = cell(row, 'Retirement Reason')
      const details = cell(row, 'Retirement Details')
      if (beneficiary !== '') raw['Retirement Beneficiary'] = beneficiary
      if (reason !== '') raw['Retirement Reason'] = reason
      if (details !== '') raw['Retirement Details'] = details
      pairedRows++
      records.push({
        id: `VCS:retirement_or_cancellation:${serial}`,
        registry: 'VCS',
        project_key,
        kind: 'retirement_or_cancellation',
        quantity,
        vintage,
        date: closedOn,
        serial,
        labels,
        beneficiary: null,
        beneficiary_raw: raw,
        reason: textOf(reason),
        row: at,
      })
    })
    return { records, listings: [], skipped, pairedRows }
  },
}

/** Verra's projects export: the registry's own listing, new projects included. */
export const verraProjects: RegistryFormat = {
  id: 'verra-projects',
  registry: 'VCS',
  description: "Verra's projects export",
  required: ['ID', 'Name', 'Proponent', 'Project Type', 'Methodology', 'Status', 'Country/Area'],
  read(table) {
    const cell = columnsOf(table)
    const listings: RegistryListing[] = []
    const skipped: SkippedRow[] = []
    table.rows.forEach((row, index) => {
      const id = cell(row, 'ID')
      if (!/^\d+$/.test(id)) return skipped.push({ row: table.firstRow + index, reason: `no Verra project ID ("${id.slice(0, 40)}")` })
      listings.push({
        key: `VCS${id}`,
        registry: 'VCS',
        name: cell(row, 'Name'),
        type: textOf(cell(row, 'Project Type')),
        status: textOf(cell(row, 'Status')),
        methodology: textOf(cell(row, 'Methodology')),
        country: textOf(cell(row, 'Country/Area')),
        region: textOf(cell(row, 'Region')),
        developer: textOf(cell(row, 'Proponent')),
        row: table.firstRow + index,
      })
    })
    return { records: [], listings, skipped }
  },
}
