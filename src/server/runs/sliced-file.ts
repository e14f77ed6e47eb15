import { checkRecords } from '../importers/registry/record-checks'
import { addRow, joinedRowsOf, type RegistryRecord, type SkippedRow } from '../importers/registry/registry-record'
import { packedCount } from '../importers/digest/packed-texts'
import { readsAsExport, type RegistryFileRead } from './registry-file-parts'

/**
 * What a run keeps of a file read in slices until its last slice is taken, and no more: the records that may go
 * on past a slice (Verra's issuances, summed over blocks that a cut may part), summed by id as the file read whole
 * sums them, and counts of what its slices gave, so that a file mostly unreadable is refused as it would be whole.
 * Each slice's digest is let go once taken; these records are a few per issuance, not one per row.
 */
export class SlicedFile {
  private readonly open = new Map<string, RegistryRecord>()
  /** Records and listings read. */
  private readable = 0
  /** Rows skipped in reading or by the checks. */
  private skipped = 0
  /** The file's first skipped row, which says why a file mostly unreadable is not an export. */
  firstSkipped: SkippedRow | undefined

  /** Notes a slice as it is taken. */
  add(read: RegistryFileRead) {
    this.readable += packedCount(read.ids) + read.listings.length
    this.noteSkipped(read.skipped)
    for (const record of read.open) {
      const known = this.open.get(record.id)
      if (known) addRow(known, record.quantity, record.labels, 1 + (record.joinedRows ?? 0))
      else this.open.set(record.id, record)
    }
  }

  /**
   * The records summed across the slices, checked whole as a file read whole checks them (`checkRecords`): those that
   * count, the rows of those that do not, and the rows they joined.
   */
  finish(): { records: RegistryRecord[]; skipped: SkippedRow[]; joinedRows: number } {
    const summed = [...this.open.values()]
    const joinedRows = joinedRowsOf(summed)
    const checked = checkRecords({ records: summed, skipped: [] })
    this.open.clear()
    this.readable += checked.records.length
    this.noteSkipped(checked.skipped)
    return { ...checked, joinedRows }
  }

  /** Whether the file read as an export: more of its rows gave records than were skipped. */
  get isExport() {
    return readsAsExport(this.readable, this.skipped)
  }

  private noteSkipped(rows: readonly SkippedRow[]) {
    this.skipped += rows.length
    for (const row of rows) if (this.firstSkipped === undefined || row.row < this.firstSkipped.row) this.firstSkipped = row
  }
}
