import {
  defaultMaxSharePerCountry,
  defaultMaxSharePerType,
  type Brief,
  type MixShare,
  type Portfolio,
} from '../../api/contract/recommendations'
import { percent } from '../core/percent'

export type PortfolioCaps = Portfolio['caps']


/**
 * The caps a brief is diversified under. A brief that names a type has asked for that one type, so the type
 * cap does not apply; one that names a region has chosen its geography, so the country cap applies only when
 * the brief sets it.
 */
export function capsFor(brief: Brief): PortfolioCaps {
  return {
    max_share_per_type: brief.type ? null : (brief.max_share_per_type ?? defaultMaxSharePerType),
    max_share_per_country: brief.max_share_per_country ?? (brief.region ? null : defaultMaxSharePerCountry),
    min_removal_share: brief.min_removal_share ?? 0,
  }
}


/**
 * Places per shortlist a cap allows, at least one: 40% of 10 places is 4. Where the places would split the
 * shortlist into exactly as many groups as the cap allows (25% of 12 is 3, four types of three), every group
 * would have to take exactly its cap of the money, which whole tonnes at different prices never do; one place
 * fewer brings in another group, and the money room to keep every cap.
 */
const placesFor = (cap: number | null, size: number) => {
  if (cap === null) return Infinity
  const places = Math.max(1, Math.floor(cap * size + 1e-9))
  const groups = 1 / cap
  const exactSplit = Math.round(groups) >= 2 && Math.abs(groups - Math.round(groups)) < 1e-9 && places * Math.round(groups) >= size
  return exactSplit && places > 1 ? places - 1 : places
}

/** The cap that kept a project out of the walk's places. */
export type WalkCap = 'type' | 'country' | 'removals'

export interface LeftOutToDiversify {
  index: number
  rank: number
  cap: WalkCap
  why: string
  /** The type or country whose places were full, for a cap of diversity. */
  held?: string
}

/**
 * Why a project the score alone would not have shortlisted is in it: a cap of diversity, or the places kept for the
 * removals' share. `rank` is its rank by score (1-based) among all candidates, or among the removals for a brief that
 * asks for removals only: reductions ranked above it were never in its way.
 */
export interface BroughtIn {
  rank: number
  among: 'candidates' | 'removals'
  by: 'diversity' | 'removals'
}

export interface Selection {
  /** Candidate indices in score order. */
  chosen: number[]
  /** Projects the score alone would have shortlisted, left out to diversify, and why: which cap, in words. */
  leftOut: LeftOutToDiversify[]
  /** Projects shortlisted that the score alone would not have, and what brought them in. */
  broughtIn: Map<number, BroughtIn>
  /** Whether the walk filled the shortlist within the caps, without falling back on passed-over projects. */
  complete: boolean
}

/**
 * Walks the candidates in score order and takes each unless its type or country already holds its share of
 * the places, or the places left are kept for removals. A short walk is filled with the passed-over projects,
 * so the caps never shorten a shortlist; the allocation then holds the money to the caps.
 */
/** What the shortlist walk reads of a candidate, by its index. */
export interface ShortlistFacts {
  typeOf(index: number): string
  countryOf(index: number): string
  /** A removal that can carry its part of the removals' share (see removalPart). */
  carriesShare(index: number): boolean
  /**
   * The project a candidate is a listing of: its own key, or the compliance id two registries' listings of one
   * project share (`Catalogue.sharedListing`). A shortlist holds a project once.
   */
  projectOf?(index: number): string
}

export function selectShortlist(order: readonly number[], facts: ShortlistFacts, size: number, caps: PortfolioCaps): Selection {
  const perType = placesFor(caps.max_share_per_type, size)
  const perCountry = placesFor(caps.max_share_per_country, size)
  const removalPlaces = Math.ceil(caps.min_removal_share * size - 1e-9)
  // A brief that asks for removals only takes a reduction only where too few removals pass to fill the shortlist.
  const removalsOnly = caps.min_removal_share >= 1
  let removalsLeft = 0
  for (const i of order) if (facts.carriesShare(i)) removalsLeft++
  const byType = new Map<string, number>()
  const byCountry = new Map<string, number>()
  // A listing of a project already chosen is that project again, not another: passed over without a word of diversity.
  const projects = new Set<string>()
  const projectOf = facts.projectOf ?? ((index: number) => String(index))
  const chosen: number[] = []
  const passed: LeftOutToDiversify[] = []
  let removals = 0
  // Removals chosen while the places left were kept for them: the removals' share brought them in, not diversity.
  const forShare = new Set<number>()
  for (let rank = 0; rank < order.length && chosen.length < size; rank++) {
    const index = order[rank]
    const type = facts.typeOf(index)
    const country = facts.countryOf(index)
    const removal = facts.carriesShare(index)
    if (removal) removalsLeft--
    if (projects.has(projectOf(index))) continue
    const keptForRemovals = size - chosen.length <= removalPlaces - removals
    const typeCount = byType.get(type) ?? 0
    const countryCount = byCountry.get(country) ?? 0
    let why: string | null = null
    let cap: WalkCap = 'type'
    if (typeCount >= perType) {
      // The cap is on the money; places are how the walk keeps room for it (placesFor), and the reason says both:
      // "(type cap 40%)" after a count of places read as a cap on places, and "4 of the 10 places (country cap: 50% of
      // the money)" as under it, where an exact split keeps one place back.
      why = `${type} already held ${typeCount} of the ${size} places, the most the type cap (${percent(caps.max_share_per_type!, 2)} of the money) lets one type hold`
    } else if (countryCount >= perCountry) {
      cap = 'country'
      why = `${country} already held ${countryCount} of the ${size} places, the most the country cap (${percent(caps.max_share_per_country!, 2)} of the money) lets one country hold`
    } else if (!removal && (removalsOnly || (removalsLeft > 0 && keptForRemovals))) {
      cap = 'removals'
      why = removalsOnly
        ? 'the brief asks for removals only'
        : `the places left were kept for removals (at least ${percent(caps.min_removal_share, 2)} of the spend)`
    }
    if (why) {
      passed.push({ index, rank, cap, why, ...(cap === 'type' ? { held: type } : cap === 'country' ? { held: country } : {}) })
      continue
    }
    chosen.push(index)
    projects.add(projectOf(index))
    byType.set(type, typeCount + 1)
    byCountry.set(country, countryCount + 1)
    if (removal) removals++
    if (removal && keptForRemovals) forShare.add(index)
  }
  const complete = chosen.length >= size
  // Too few projects pass the caps: the best of the passed-over ones fill the shortlist after all, first the ones
  // whose type and country still have places (passed over only to keep places for removals), so the shortlist
  // keeps what diversity it can: the allocation holds the money to the caps and needs groups to. Where the brief
  // asks for removals only, every removal comes before any reduction, whatever its type already holds: a reduction
  // gets nothing of its budget, and a default cap gives way to a removals' share it cannot hold (cap-relaxation.ts).
  const fill = removalsOnly ? [passed.filter((p) => facts.carriesShare(p.index)), passed.filter((p) => !facts.carriesShare(p.index))] : [passed]
  const fits = (p: { index: number }) => (byType.get(facts.typeOf(p.index)) ?? 0) < perType && (byCountry.get(facts.countryOf(p.index)) ?? 0) < perCountry
  const filled = new Set<number>()
  for (const group of fill) {
    for (const pass of [fits, () => true]) {
      for (const p of group) {
        if (chosen.length >= size) break
        if (filled.has(p.index) || projects.has(projectOf(p.index)) || !pass(p)) continue
        chosen.push(p.index)
        filled.add(p.index)
        projects.add(projectOf(p.index))
        byType.set(facts.typeOf(p.index), (byType.get(facts.typeOf(p.index)) ?? 0) + 1)
        byCountry.set(facts.countryOf(p.index), (byCountry.get(facts.countryOf(p.index)) ?? 0) + 1)
      }
    }
  }
  const taken = new Set(chosen)
  const rankOf = new Map(order.map((index, rank) => [index, rank]))
  chosen.sort((a, b) => rankOf.get(a)! - rankOf.get(b)!)
  const broughtIn = new Map<number, BroughtIn>()
  if (removalsOnly) {
    // The score order a removals-only brief reads is the removals': the order holds the best of them first.
    let removalRank = 0
    for (const index of order) {
      if (!facts.carriesShare(index)) continue
      if (removalRank >= size && taken.has(index)) broughtIn.set(index, { rank: removalRank + 1, among: 'removals', by: 'diversity' })
      removalRank++
    }
  } else {
    for (const index of chosen) {
      const rank = rankOf.get(index)!
      if (rank >= size) broughtIn.set(index, { rank: rank + 1, among: 'candidates', by: forShare.has(index) ? 'removals' : 'diversity' })
    }
  }
  const leftOut = passed.filter((p) => p.rank < size && !taken.has(p.index))
  return { chosen, leftOut, broughtIn, complete }
}

/**
 * The removals' share of the budget, per place kept for them. A removal carries its share when its credits
 * remaining are worth at least this at its price: the places kept for removals go to these, not to a removal
 * with two tonnes left.
 */
export function removalPart(caps: PortfolioCaps, size: number, budgetUsd: number): number {
  return (caps.min_removal_share * budgetUsd) / removalPlaces(caps, size)
}

/** The places a shortlist of `size` keeps for removals to carry their share: one at least. */
export const removalPlaces = (caps: PortfolioCaps, size: number) => Math.max(1, Math.ceil(caps.min_removal_share * size - 1e-9))

/**
 * A cap no allocation can meet (40% per type over two types) would leave nothing allocated, and one met only by
 * exactly equal shares (25% over four types) cannot be met in whole tonnes; either is widened to just above
 * one over the number of groups (a ten-thousandth more), and the result's notes say so.
 */
export function feasibleCap(cap: number | null, groups: number): number | null {
  // A cap of 100% or more holds nothing back.
  if (cap === null || groups === 0 || cap >= 1) return cap
  // One group takes the whole spend, and 100% of it is exactly met.
  if (groups === 1) return 1
  return cap * groups <= 1 + 1e-9 ? Math.floor(10_000 / groups + 1) / 10_000 : cap
}

/** How the allocated money is spread over one dimension, largest first. */
export function mixOf(values: readonly string[], costsCents: readonly number[]): MixShare[] {
  const totals = new Map<string, number>()
  let all = 0
  values.forEach((v, i) => {
    if (costsCents[i] <= 0) return
    totals.set(v, (totals.get(v) ?? 0) + costsCents[i])
    all += costsCents[i]
  })
  return [...totals]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([value, cents]) => ({ value, cost_usd: cents / 100, share: Math.round((cents / all) * 10_000) / 10_000 }))
}
