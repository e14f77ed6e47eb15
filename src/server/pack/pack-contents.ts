import type { Recommendation } from '../../api/contract/recommendations'
import type { ShortlistEvidence } from '../../api/contract/shortlists'
import { findShortlist } from '../db/queries/recommendations'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset } from '../db/schema'
import { describeDataset, type DatasetMakeUp } from '../projects/dataset-make-up'
import { sourcesBehind, type PackSource } from './pack-sources'
import { shortlistEvidence } from './shortlist-evidence'

/** Everything the pack states, gathered once before a cell is written. */
export interface ShortlistPackContents {
  recommendation: Recommendation
  name: string | null
  evidence: ShortlistEvidence
  sources: PackSource[]
  catalogue: DatasetMakeUp
  madeAt: Date
}

/**
 * A stored shortlist and its name; undefined when there is none. The stored text is the API's own answer, as it was
 * sent: older shapes lack fields added since (vintages, bases), which every sheet allows for.
 */
export async function findStoredShortlist(db: ScopedDb, id: string): Promise<{ recommendation: Recommendation; name: string | null } | undefined> {
  const found = await findShortlist(db, id)
  return found && { recommendation: JSON.parse(found.body) as Recommendation, name: found.name }
}

/** What the pack of a shortlist holds: the shortlist as it was answered, and what its figures rest on now. */
export async function gatherShortlistPack(db: ScopedDb, dataset: Dataset, id: string, now: Date): Promise<ShortlistPackContents | undefined> {
  const stored = await findStoredShortlist(db, id)
  if (!stored) return undefined
  const [evidence, sources, catalogue] = await Promise.all([
    shortlistEvidence(db, stored.recommendation),
    sourcesBehind(db, stored.recommendation),
    describeDataset(db, dataset),
  ])
  return { ...stored, evidence, sources, catalogue, madeAt: now }
}
