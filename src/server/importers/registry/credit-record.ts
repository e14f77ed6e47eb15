import type { RegistryCode } from '../../../api/contract/common'
import type { CreditKind } from '../../../api/contract/credits'

/**
 * One registry record of credits: an issuance, a retirement or a cancellation (or, from Verra's export, a block
 * retired or cancelled: its file does not say which), with where it came from. `id` identifies the record across
 * exports, so importing it again, or a newer export that repeats it, never counts it twice.
 */
export interface CreditRecord {
  id: string
  registry: RegistryCode
  project_key: string
  kind: CreditKind
  quantity: number
  vintage: number | null
  /** The day of the issuance, retirement or cancellation (YYYY-MM-DD), when the record gives one. */
  date: string | null
  serial: string | null
  labels: string[]
  /** Who the credits were retired for, one name however the registry wrote it (see beneficiary.ts). */
  beneficiary: string | null
  /** The registry's own fields about who and why, as written. */
  beneficiary_raw: Record<string, string>
  reason: string | null
  /** The record's row among the file's data rows (1-based, as a run's skipped rows count); for a record summed from several rows, the first. */
  row: number
}

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
  developer: string | null
  row: number
}

/** A row the reader could not use, with why; the run keeps the first few. */
export interface SkippedRow {
  row: number
  reason: string
}
