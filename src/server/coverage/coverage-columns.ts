import type { RegistryCode } from '../../api/contract/common'
import type { CellIndex } from './cell-index'

/**
 * What the coverage matrix reads, by column: the catalogue's projects in key order and, per source, when it
 * last updated each (coverage-view.ts builds it from the catalogue once per dataset version).
 */
export interface CoverageView {
  sources: { id: string; name: string; cadence_hours: number; registry: RegistryCode | null; registries: RegistryCode[] | null }[]
  size: number
  key: string[]
  name: string[]
  registry: RegistryCode[]
  type: string[]
  region: string[]
  synthetic: Uint8Array
  /** Per source, per row: epoch ms of its last update of the project; NaN for never. */
  updated: Float64Array[]
  /** Per source: the rows it applies to (its registry's projects), or null for a source that applies to all. */
  applies: (Int32Array | null)[]
  /** The cells by source, oldest first: what the matrix without filters reads (cell-index.ts). */
  index: CellIndex
}
