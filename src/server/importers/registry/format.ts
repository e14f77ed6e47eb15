import type { RegistryCode } from '../../../api/contract/common'
import type { RegistryRecord, RegistryListing, SkippedRow } from './registry-record'
import type { RegistryTable } from './read-table'

/** What one file of a registry's export holds, once read. */
export interface RegistryFileContents {
  records: RegistryRecord[]
  listings: RegistryListing[]
  skipped: SkippedRow[]
  /**
   * Rows that gave a second record besides their block's issuance: Verra writes a retirement or cancellation on the
   * row of the block it takes, so such a row is counted among the records twice. Absent where a row gives one record.
   */
  pairedRows?: number
}

/**
 * One kind of file a registry publishes (its projects, issuances, retirements, …), recognised by the headers it
 * must have, and read into credit records and listings.
 */
export interface RegistryFormat {
  id: string
  /** The registry whose export it is; the registry's source reads it. */
  registry: RegistryCode
  /** How the run's messages name it: "Verra's transactions export". */
  description: string
  required: readonly string[]
  /**
   * Whether a record may sum several rows (Verra's issuances, APX's batches). Read in slices, such a file's records
   * that hold no block of serial numbers of their own may go on in a later slice: they are summed across the slices
   * before they are checked and counted (`runs/sliced-file.ts`).
   */
  sumsRows?: true
  /**
   * Why a row of it may give more than one record (`pairedRows`), as a run's account says after "… records more than one
   * a row": "of issuances' parts into the buffer pool". Absent where a row gives one record.
   */
  pairedBecause?: string
  read(table: RegistryTable): RegistryFileContents
}
