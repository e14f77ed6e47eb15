import type { RegistryCode } from '../../../api/contract/common'
import { goldStandardIssuances, goldStandardProjects, goldStandardRetirements } from './gold-standard'
import type { RegistryFileContents, RegistryFormat } from './format'
import { RegistryFileError } from '../file-errors'
import { readRegistryTable } from './read-table'
import type { ImportLimits } from '../limits'
import { verraProjects, verraTransactions } from './verra'
import { apxFormats } from './apx'
import { isometricIssuances, isometricProjects, isometricRetirements } from './isometric'
import { cercarbonoFormats } from './cercarbono'
import { checkRecords } from './record-checks'
import { joinedRowsOf, type RegistryRecord } from './registry-record'
import { serialRangeOf } from './serial-range'

/** Every registry file Credence reads. A file is the format whose required headers it has, the most specific first. */
export const registryFormats: readonly RegistryFormat[] = [
  verraTransactions,
  verraProjects,
  goldStandardRetirements,
  goldStandardIssuances,
  goldStandardProjects,
  ...apxFormats,
  isometricRetirements,
  isometricIssuances,
  isometricProjects,
  ...cercarbonoFormats,
]

export function recogniseFormat(headers: readonly string[]): RegistryFormat | null {
  const present = new Set(headers)
  const matching = registryFormats.filter((format) => format.required.every((name) => present.has(name)))
  return matching.sort((a, b) => b.required.length - a.required.length)[0] ?? null
}

/** A record of a format that sums rows, with no block of its own: one that a later row of the file may add to. */
const mayGoOn = (format: RegistryFormat, record: RegistryRecord) => format.sumsRows === true && serialRangeOf(record.registry, record.serial) === null

/**
 * Reads one file of a registry's export for that registry's source. A file of another registry, or of no format Credence
 * knows, is refused naming what was expected, so the run fails and nothing changes. Every format's records pass
 * the same checks (`record-checks.ts`) before they count; one that fails is a skipped row with its reason.
 *
 * `slice`: the bytes are the file's header and a slice of its rows, from row `firstRow` (`../csv-slices.ts`). Its
 * records that may go on in a later slice are answered apart (`open`), unchecked: summed across the slices first,
 * they are checked whole, as a file read at once checks them. `rowsRead`: the data rows read; `joinedRows`: of them, those
 * added to a record an earlier row began (its open records' are theirs to count); `pairedRows`: those that gave a
 * second record (`RegistryFileContents`).
 */
export async function readRegistryFile(
  bytes: Uint8Array,
  name: string,
  registry: RegistryCode,
  limits: ImportLimits,
  options: { now?: Date; slice?: { firstRow: number } } = {},
): Promise<RegistryFileContents & { format: RegistryFormat; open: RegistryRecord[]; rowsRead: number; joinedRows: number; pairedRows: number }> {
  const table = await readRegistryTable(bytes, name, limits, options.slice?.firstRow)
  const format = recogniseFormat(table.headers)
  const own = registryFormats.filter((f) => f.registry === registry)
  const expected = own.map((f) => `${f.description} (${f.required.map((h) => `"${h}"`).join(', ')})`).join('; or ')
  if (format === null) throw new RegistryFileError(`${name} is not a registry export Credence reads: expected ${expected}`)
  if (format.registry !== registry) throw new RegistryFileError(`${name} is ${format.description}, not a file of this source: expected ${expected}`)
  const { records, listings, skipped, pairedRows = 0 } = format.read(table)
  const open = options.slice ? records.filter((record) => mayGoOn(format, record)) : []
  const closed = open.length > 0 ? records.filter((record) => !mayGoOn(format, record)) : records
  // Counted before the checks, which skip a summed record as one row: the rows it joined were read all the same.
  return { ...checkRecords({ records: closed, skipped }, options.now), listings, format, open, rowsRead: table.rows.length, joinedRows: joinedRowsOf(closed), pairedRows }
}
