import type { ReductionRemoval, RegistryCode } from '../../../api/contract/common'
import type { CreditKind } from '../../../api/contract/credits'

/**
 * One registry record of credits: an issuance, a retirement or a cancellation (or, from Verra's export, a block
 * retired or cancelled: its file does not say which), with where it came from. `id` identifies the record across
 * exports, so importing it again, or a newer export that repeats it, never counts it twice.
 */
export interface RegistryRecord {
  id: string
  registry: RegistryCode
  /** The project's key; `@` and the registry's own id (`@prj_…`) where the file names it only by that. */
  project_key: string
  kind: CreditKind
  quantity: number
  vintage: number | null
  /** The day of the issuance, retirement or cancellation (YYYY-MM-DD), when the record gives one. */
  date: string | null
  serial: string | null
  labels: string[]
  /**
   * Who the credits were retired for, as the rules read it in the fields below: null as a reader gives it, set when
   * the record is digested (`beneficiaries/extract.ts`), where each distinct raw string is read once.
   */
  beneficiary: string | null
  /** The registry's own fields about who and why, as written. */
  beneficiary_raw: Record<string, string>
  reason: string | null
  /**
   * What the registry's row states the record's issuance of the vintage came to, where it states it (Verra's `Total
   * Vintage Quantity`, on every block of an issuance): absent elsewhere, so other records hash as they did.
   */
  stated_vintage_total?: number
  /** The record's row among the file's data rows (1-based, as a run's skipped rows count); for a record summed from several rows, the first. */
  row: number
  /** Rows added to it past its first, for a record summed from several rows (`addRow`); absent for a record of one row. */
  joinedRows?: number
}

/**
 * Adds a row's credits and labels to a record summed from several rows (Verra's issuances, APX's batches): the record
 * keeps its first row's day, vintage and row, as it was made from that row, and counts the rows it joined, so a run
 * says how its file's rows became fewer records. `rows`: more than one where what is added was summed already (a
 * slice's part of the record).
 */
export function addRow(record: RegistryRecord, quantity: number, labels: readonly string[], rows = 1) {
  record.joinedRows = (record.joinedRows ?? 0) + rows
  record.quantity += quantity
  for (const label of labels) if (!record.labels.includes(label)) record.labels.push(label)
}

/** The rows records joined past their first: with the records and the skipped rows, every data row a file gave. */
export const joinedRowsOf = (records: readonly RegistryRecord[]) => records.reduce((sum, record) => sum + (record.joinedRows ?? 0), 0)

/** A project as a registry lists it: what a project record needs beyond its credits. */
export interface RegistryListing {
  key: string
  registry: RegistryCode
  name: string
  type: string | null
  status: string | null
  methodology: string | null
  country: string | null
  /** The registry's region, where its listing gives one (Verra's does). */
  region: string | null
  /** The state or jurisdiction within the country, where the listing gives one (ACR's and CAR's site state, ART's jurisdictions). */
  state?: string | null
  developer: string | null
  /** Reduction or removal, where the registry's own words say (Isometric's pathways); absent: not said. */
  reductionRemoval?: ReductionRemoval
  /** The project's page on the registry. */
  website?: string | null
  /** The UN SDGs the registry lists for the project (`sdgsOf`); absent where its export has no such column. */
  sdgs?: number[]
  /** The registry's own id for the project (Isometric's `prj_…`), which its credit files name it by. */
  registryId?: string
  /** The days the registry listed and registered the project (YYYY-MM-DD), where its listing says (CAR's does). */
  listedAt?: string | null
  registeredAt?: string | null
  /**
   * Credits the registry says it has issued to the project in all (ACR's and CAR's `Total Number of … Credits
   * Registered`, which is Berkeley's `Total Credits Issued` for the same project). Not a total to count: it says
   * nothing of what was retired or of which vintages; it tells a blank status of an issuing project from a new one.
   */
  creditsRegistered?: number | null
  /**
   * What the registry says it issued to the project in all (its buffer pool's share included), set aside in that pool,
   * and retired, where its listing gives totals to count (Isometric's). Compared with its records, never counted.
   */
  totals?: { issued: number; buffer: number; retired: number } | null
  row: number
}

/** A row the reader could not use, with why; the run keeps the first few. */
export interface SkippedRow {
  row: number
  reason: string
}
