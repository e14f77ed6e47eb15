/**
 * Credits per vintage as the sources state them, combined without ever placing a credit where no source put it.
 *
 * A count (Berkeley's release) states, as of its date, each vintage's credits issued and remaining; retired or
 * cancelled of a vintage is issued less remaining. Registry records dated after the count move the vintage they
 * name: an issuance adds to it, a retirement or cancellation takes from it. Where the sources cannot agree, the
 * ledger says so, naming both figures, and the vintages still add up to the totals:
 * - a count whose vintages do not sum to its own totals keeps the difference in a vintage of its own (null), and
 *   says how far apart they are;
 * - records that take more of a vintage than the count left of it leave it below nothing, and say by how much;
 * - cancellations dated before the count that come to more than it retired of their vintage are taken too, at most
 *   what it left, and say so (`vintageLedger`).
 * A count with no breakdown at all (a generated catalogue) gives no vintages; its records still do.
 */

/** A year of the count's per-vintage blocks: issued of that vintage, and remaining of it as of the count. */
export interface CountedVintage {
  year: number
  issued: number
  remaining: number
}

/** The count's own totals, as of its date. */
export interface CountTotals {
  issued: number
  remaining: number
}

/** What records dated after the count do to one vintage (null: the record names none). */
export interface LaterVintageChange {
  vintage: number | null
  issued: number
  /** Retired or cancelled. */
  taken: number
}

export interface LedgerVintage {
  vintage: number | null
  issued: number
  retired: number
  remaining: number
  /** What the count itself states of this vintage, before any later record; null where it states nothing. */
  counted: { issued: number; remaining: number } | null
}

/** Cancellations records date on or before the count, of one vintage. */
export interface EarlierCancellations {
  vintage: number | null
  cancelled: number
}

/**
 * Cancellations before the count of another listing of the same project (a compliance project two registries list,
 * `projects.compliance_id`) that its own count had nothing of to take (`unplacedBefore` of its ledger), of one vintage.
 */
export interface ListingCancellations {
  vintage: number
  cancelled: number
  /** The other listing's key. */
  listing: string
}

export type LedgerDisagreement =
  | { kind: 'vintages_differ_from_totals'; measure: 'issued' | 'remaining'; totals: number; vintages: number }
  | { kind: 'records_exceed_remaining'; vintage: number | null; remaining: number; taken: number; takenBefore: number }
  | { kind: 'cancellations_before_count'; vintage: number; counted: number; cancelled: number; taken: number; listing: string | null }
  | { kind: 'count_vintage_below_zero'; vintage: number; issued: number; remaining: number }

export interface VintageLedger {
  /** Ascending by vintage, unknown (null) last; vintages where every figure is zero are left out. */
  vintages: LedgerVintage[]
  disagreements: LedgerDisagreement[]
  /** Of the cancellations dated before the count, those it does not hold, taken from what it left (`cancellations_before_count`). */
  takenBeforeCount: number
  /** Of its own cancellations dated before the count, per vintage, what the count leaves nothing of to take. */
  unplacedBefore: { vintage: number; cancelled: number }[]
}

/** Differences below half a credit are rounding (Isometric counts fractions of a tonne), not disagreement. */
const apart = (a: number, b: number) => Math.abs(a - b) >= 0.5

/**
 * A count holds what was retired and cancelled of each vintage before its date, so records dated before it are not
 * added. Cancellations are where that fails: ACR's and the Climate Action Reserve's exports cancel credits converted to
 * California's compliance offsets (ACR555's 2024, 4,373,651 on Dec 26, 2025; CAR2091's 2025, 337,485 on Oct 27,
 * 2025), which Berkeley's count of Dec 31, 2025 still leaves remaining: 56 project vintages of the April 2026 samples,
 * and no retirement of any registry. Where a vintage's cancellations dated before the count come to more than the
 * count's retired and cancelled of it, the difference, at most what the count left, is taken too, and said; so is a
 * difference the count leaves nothing of to take, a vintage it counts none of among them (ACR746's 2024 and CAR2057's
 * 2025, one mine-methane project Berkeley lists under both registries with the two vintages swapped). What one listing
 * of a project leaves unplaced so, another listing of it whose count holds the vintage takes (`fromListings`), at most
 * what that count left: ACR746's 2025, 43,934, which the Reserve's export cancels under CAR2057.
 */
export function vintageLedger(
  totals: CountTotals | null,
  counted: readonly CountedVintage[],
  later: readonly LaterVintageChange[],
  earlier: readonly EarlierCancellations[] = [],
  fromListings: readonly ListingCancellations[] = [],
): VintageLedger {
  const table = new Map<number | null, { issued: number; retired: number; counted: LedgerVintage['counted'] }>()
  const entry = (vintage: number | null) => {
    let found = table.get(vintage)
    if (!found) table.set(vintage, (found = { issued: 0, retired: 0, counted: null }))
    return found
  }
  const disagreements: LedgerDisagreement[] = []
  const broken = counted.some((block) => block.issued !== 0 || block.remaining !== 0)
  if (totals && broken) {
    let issued = 0
    let remaining = 0
    for (const block of counted) {
      // A year of the blocks can hold only transactions (issued or retired in it), and states nothing of its vintage.
      if (block.issued === 0 && block.remaining === 0) continue
      const vintage = entry(block.year)
      // A count that retires more of a vintage than it issues of it says so of itself: named, kept as counted
      // (Berkeley's v2025-12 has 79 such cells in 48 projects, ACR190's 2018 at −25,682 beside its 2019 at +25,682).
      if (block.remaining <= -0.5) disagreements.push({ kind: 'count_vintage_below_zero', vintage: block.year, issued: block.issued, remaining: block.remaining })
      vintage.issued += block.issued
      vintage.retired += block.issued - block.remaining
      vintage.counted = { issued: vintage.issued, remaining: vintage.issued - vintage.retired }
      issued += block.issued
      remaining += block.remaining
    }
    // What the count's totals hold beyond its own vintages stands apart, so nothing is placed by guess.
    const unplaced = { issued: totals.issued - issued, remaining: totals.remaining - remaining }
    if (apart(unplaced.issued, 0) || apart(unplaced.remaining, 0)) {
      const unknown = entry(null)
      unknown.issued += unplaced.issued
      unknown.retired += unplaced.issued - unplaced.remaining
      unknown.counted = { ...unplaced }
    }
    if (apart(totals.issued, issued)) disagreements.push({ kind: 'vintages_differ_from_totals', measure: 'issued', totals: totals.issued, vintages: issued })
    if (apart(totals.remaining, remaining)) disagreements.push({ kind: 'vintages_differ_from_totals', measure: 'remaining', totals: totals.remaining, vintages: remaining })
  }
  let takenBeforeCount = 0
  const takenBefore = new Map<number | null, number>()
  const unplacedBefore: VintageLedger['unplacedBefore'] = []
  const cancelledBefore = new Map<number, number>()
  for (const { vintage, cancelled } of earlier) if (vintage !== null) cancelledBefore.set(vintage, (cancelledBefore.get(vintage) ?? 0) + cancelled)
  // Only a count that breaks down by vintage can be set against one vintage's cancellations.
  for (const [year, cancelled] of totals && broken ? cancelledBefore : []) {
    const vintage = table.get(year)
    const counts = vintage?.counted ?? { issued: 0, remaining: 0 }
    const countedRetired = counts.issued - counts.remaining
    if (cancelled - countedRetired < 0.5) continue
    const taken = Math.max(0, Math.min(cancelled - countedRetired, counts.remaining))
    // Something is left to take only of a vintage the count holds.
    const placed = vintage && taken >= 0.5 ? taken : 0
    if (placed > 0) {
      vintage!.retired += placed
      takenBeforeCount += placed
      takenBefore.set(year, placed)
    }
    // What the count left nothing of to take: another listing of the project may hold it.
    if (cancelled - countedRetired - placed >= 0.5) unplacedBefore.push({ vintage: year, cancelled: cancelled - countedRetired - placed })
    disagreements.push({ kind: 'cancellations_before_count', vintage: year, counted: countedRetired, cancelled, taken: placed, listing: null })
  }
  // Another listing's cancellations that its count had nothing of to take, taken from what this count left of the
  // vintage, where it counts the vintage at all.
  for (const { vintage: year, cancelled, listing } of totals && broken ? fromListings : []) {
    const vintage = table.get(year)
    if (!vintage?.counted || vintage.counted.issued < 0.5) continue
    const taken = Math.min(cancelled, Math.max(0, vintage.issued - vintage.retired))
    if (taken < 0.5) continue
    vintage.retired += taken
    takenBeforeCount += taken
    takenBefore.set(year, (takenBefore.get(year) ?? 0) + taken)
    disagreements.push({ kind: 'cancellations_before_count', vintage: year, counted: vintage.counted.issued - vintage.counted.remaining, cancelled, taken, listing })
  }
  const taken = new Map<number | null, number>()
  for (const change of later) {
    const vintage = entry(change.vintage)
    vintage.issued += change.issued
    vintage.retired += change.taken
    if (change.taken !== 0) taken.set(change.vintage, (taken.get(change.vintage) ?? 0) + change.taken)
  }
  for (const [vintage, amount] of taken) {
    const { issued, retired } = table.get(vintage)!
    const remaining = issued - retired
    // `remaining` is what the count left, less what its cancellations before it took (`takenBefore`), before the records since.
    if (remaining <= -0.5) disagreements.push({ kind: 'records_exceed_remaining', vintage, remaining: remaining + amount, taken: amount, takenBefore: takenBefore.get(vintage) ?? 0 })
  }
  const vintages = [...table]
    .filter(([, v]) => v.issued !== 0 || v.retired !== 0)
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([vintage, v]) => ({ vintage, issued: v.issued, retired: v.retired, remaining: v.issued - v.retired, counted: v.counted }))
  return { vintages, disagreements, takenBeforeCount, unplacedBefore }
}
