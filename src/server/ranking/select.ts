import type { Brief } from '../../api/contract/recommendations'
import { capsFor, removalPart, removalPlaces, selectShortlist, type PortfolioCaps, type Selection, type ShortlistFacts } from './portfolio'
import { defaultShortlistSize } from '../../api/contract/brief'
import { candidateAt, passingHardFilters, passingPrices, type Candidate, type CandidatePool } from './pool'
import { freshnessAt, scoreAll, wantedCoBenefits, type ScoringContext } from './score'
import { facetSize, facetValueOfCode, purchasable } from '../catalogue/catalogue'
import type { ScratchSpace } from './scratch'

/**
 * The best `k` of `n` by `compare`, in order: a shortlist of 10 from thousands needs no full sort. When
 * `compare` orders by `leading` first (highest first), a candidate below the k-th best's value is passed over
 * on one comparison of numbers, without calling `compare`.
 */
export function topIndices(n: number, k: number, compare: (a: number, b: number) => number, leading?: Float64Array): number[] {
  const best: number[] = []
  let kth = -Infinity
  for (let i = 0; i < n; i++) {
    if (best.length === k && ((leading !== undefined && leading[i] < kth) || compare(i, best[k - 1]) >= 0)) continue
    let at = best.length
    while (at > 0 && compare(i, best[at - 1]) < 0) at--
    best.splice(at, 0, i)
    if (best.length > k) best.pop()
    if (best.length === k && leading !== undefined) kth = leading[best[k - 1]]
  }
  return best
}

/** How deep past the shortlist the score order is read: enough for the caps to find other types and countries. */
const depthFor = (size: number) => size * 4 + 40

/** How deep a brief's co-benefits may have the walk read, four times deeper at a time (`selectCandidates`). */
const deepestCoBenefitRead = 1280

/**
 * What a brief selects from the pool: the candidates passing its hard filters (indices k number them), their
 * scores, the shortlist chosen from them under the portfolio caps, and the chosen ones as objects.
 */
export interface ShortlistSelection {
  size: number
  /** Candidates passing the hard filters. */
  considered: number
  positions: Int32Array
  scores: Float64Array
  scoring: ScoringContext
  /** The median price the reasons weigh each price against, and of what: a removals-only brief's are its removals'. */
  medianPrice: number
  matching: 'projects' | 'removals'
  /**
   * What a removal's price is weighed against in any brief (`removalMedians`): a biochar removal read "2700% above the
   * median of matching projects ($5.00)", a median of reductions mostly.
   */
  removalPrices: RemovalMedians
  /** How far down the score order the shortlist walk read first. */
  depth: number
  asked: PortfolioCaps
  selection: Selection
  chosen: Candidate[]
  keyOf: (k: number) => string
  /** The project's name, so notes name what they leave out as a buyer knows it. */
  nameOf: (k: number) => string
  /** Candidates brought in past the default size because the ones above them held too few credits (grow-shortlist.ts). */
  grown?: ReadonlySet<number>
}

/**
 * Scores every candidate that passes the brief's hard filters from the pool's columns and walks the score order
 * for a diversified shortlist; only the candidates the walk keeps become objects.
 */
export function selectCandidates(pool: CandidatePool, brief: Brief, now: number, scratch: ScratchSpace): ShortlistSelection {
  const size = brief.shortlist_size ?? defaultShortlistSize
  const positions = passingHardFilters(pool, brief, scratch)
  const n = positions.length
  const { min, max, median: medianPrice } = passingPrices(pool, n, scratch)
  const scoring: ScoringContext = { wanted: wantedCoBenefits(brief.co_benefits ?? []), range: { min, max }, freshness: freshnessAt(pool, now) }
  const scores = scoreAll(pool, positions, scoring, scratch)
  const { key, name } = pool.catalogue
  const keyOf = (k: number) => key[pool.row[positions[k]]]
  const nameOf = (k: number) => name[pool.row[positions[k]]]
  const order = rankingOrder(pool, positions, scores, scoring, scratch)
  const compare = (a: number, b: number) =>
    order[b] - order[a] || pool.quality[positions[b]] - pool.quality[positions[a]] || (keyOf(a) < keyOf(b) ? -1 : 1)

  const vintageMin = brief.vintage_min ?? null
  const onSaleFor = (i: number) => (vintageMin === null ? pool.remaining[i] : purchasable(pool.catalogue, pool.row[i], vintageMin))
  const asked = capsFor(brief)
  const part = partWithin(removalPart(asked, size, brief.budget_usd), asked, size, positions, (i) => (pool.removal[i] === 1 ? onSaleFor(i) * pool.price[i] : 0))
  const facts: ShortlistFacts = {
    typeOf: (k) => facetValueOfCode(pool.catalogue, 'type', pool.type[positions[k]]),
    countryOf: (k) => facetValueOfCode(pool.catalogue, 'country', pool.country[positions[k]]),
    // For a removals-only brief every removal with credits carries its part: the places are all theirs.
    carriesShare: (k) => pool.removal[positions[k]] === 1 && onSaleFor(positions[k]) * pool.price[positions[k]] >= (asked.min_removal_share >= 1 ? Number.MIN_VALUE : part),
    projectOf: (k) => pool.catalogue.sharedListing.get(pool.row[positions[k]]) ?? keyOf(k),
  }
  const asksForRemovals = asked.min_removal_share > 0
  // The first few dozen by score usually fill a diversified shortlist; they are a prefix of the full order, so
  // when they do, reading further could not change it. Removals need the whole order: the walk keeps places
  // for them only while some remain further down.
  let top = topIndices(n, Math.min(n, depthFor(size)), compare, order)
  let selection = selectShortlist(top, facts, size, asked)
  // Projects that deliver a requested co-benefit rank first, and the first few dozen may be of one or two types the
  // caps then pass over (Berkeley's $500 brief for health: cookstoves): the walk reads four times deeper, as far as
  // needed and at most 1,280 places, before the best of each type and country fill a place with one that delivers none.
  for (let depth = top.length * 4; scoring.wanted.size > 0 && !selection.complete && top.length < n && depth <= deepestCoBenefitRead; depth *= 4) {
    top = topIndices(n, Math.min(n, depth), compare, order)
    selection = selectShortlist(top, facts, size, asked)
  }
  if (asksForRemovals || (!selection.complete && n > top.length)) {
    const widened = widenOrder(pool, positions, order, size, top, compare, asksForRemovals ? facts.carriesShare : null)
    selection = selectShortlist(widened, facts, size, asked)
  }
  const chosen = selection.chosen.map((k) => candidateAt(pool, positions[k], vintageMin))
  // A removal's price is weighed against the removals of its kind (`explain.ts`), where the median of every project
  // passing the brief, its reductions included, read "486% above the median of matching projects ($5.00)"; a
  // removals-only brief weighs a reduction that fills a place removals could not against every removal.
  const removalsOnly = asked.min_removal_share >= 1
  const removalPrices = removalMedians(pool, positions, removalsOnly ? facts.carriesShare : (k) => pool.removal[positions[k]] === 1)
  const [median, matching] = removalsOnly && removalPrices.all !== null ? [removalPrices.all, 'removals' as const] : [medianPrice, 'projects' as const]
  return { size, considered: n, positions, scores, scoring, medianPrice: median, matching, removalPrices, depth: top.length, asked, selection, chosen, keyOf, nameOf }
}

/**
 * The part a place kept for removals must carry, no more than the removals that pass can: the largest lots take the
 * places where the budget outweighs them all. The share holds the spend (credence-rank/10), so a removal never
 * carrying its part ($10bn at 60% removals: a billion a place) gave the places to reductions, and nothing was bought.
 */
function partWithin(part: number, asked: PortfolioCaps, size: number, positions: Int32Array, lotOf: (position: number) => number): number {
  if (asked.min_removal_share === 0 || asked.min_removal_share >= 1) return part
  const places = removalPlaces(asked, size)
  const lots: number[] = []
  for (const position of positions) {
    const lot = lotOf(position)
    if (lot > 0) lots.push(lot)
  }
  if (lots.length === 0) return part
  lots.sort((a, b) => b - a)
  return Math.min(part, lots[Math.min(places, lots.length) - 1])
}

/**
 * The order the ranking reads the candidates in: by score, except that a brief's co-benefits are wanted, not only
 * weighed. A candidate that delivers one of them ranks above every candidate that delivers none, so the places go
 * to them while any remain within the caps (credence-rank/9). Under /8 a co-benefit weighed a quarter of the score,
 * and Berkeley's $100,000 brief for biodiversity and water shortlisted nine projects of ten that deliver neither
 * (landfill gas, leak repair, ozone-depleting substances), of 604 passing projects that deliver one: cheaper and
 * rated higher, they outscored the forests. The score itself is unchanged; it orders each tier.
 */
function rankingOrder(pool: CandidatePool, positions: Int32Array, scores: Float64Array, scoring: ScoringContext, scratch: ScratchSpace): Float64Array {
  const { bits, size } = scoring.wanted
  if (size === 0) return scores
  const order = scratch.order.subarray(0, positions.length)
  for (let k = 0; k < positions.length; k++) order[k] = scores[k] + ((pool.coBenefits[positions[k]] & bits) !== 0 ? 1 : 0)
  return order
}

/**
 * The median prices of the removals that pass the brief: of all of them (a removals-only brief's `medianPrice`), and of
 * each kind, impermanent and long-duration, where at least `kindAtLeast` of that kind pass (null otherwise), which a
 * removal's price is weighed against. A forest's removal read "433% above the median of matching removals ($4.00)"
 * where that median was carbon-absorbing concrete's.
 */
export interface RemovalMedians {
  all: number | null
  impermanent_removal: number | null
  long_duration_removal: number | null
}

/** Fewer of a kind than this pass, and its removals are weighed against none: a median of one is itself. */
const kindAtLeast = 3

function removalMedians(pool: CandidatePool, positions: Int32Array, counts: (k: number) => boolean): RemovalMedians {
  const all: number[] = []
  const byKind = { impermanent_removal: [] as number[], long_duration_removal: [] as number[] }
  for (let k = 0; k < positions.length; k++) {
    if (!counts(k)) continue
    const i = positions[k]
    all.push(pool.price[i])
    const kind = pool.catalogue.reductionRemoval[pool.row[i]]
    if (kind === 'impermanent_removal' || kind === 'long_duration_removal') byKind[kind].push(pool.price[i])
  }
  const median = (prices: number[], atLeast = 1) => (prices.length >= atLeast ? medianOf(prices.sort((a, b) => a - b)) : null)
  return { all: median(all), impermanent_removal: median(byKind.impermanent_removal, kindAtLeast), long_duration_removal: median(byKind.long_duration_removal, kindAtLeast) }
}

/** The median of prices in order. */
const medianOf = (sorted: readonly number[]) => {
  const middle = sorted.length >>> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The best of every type and country and, when the brief asks for removals, the best removals that can carry
 * their part and the best of those of every type and country, added to the score order's first few dozen, so a
 * crowded top never hides what diversification needs. One pass over the passing candidates' columns.
 */
function widenOrder(
  pool: CandidatePool,
  positions: Int32Array,
  /** The order the ranking reads (`rankingOrder`): the score, a brief's co-benefits first. */
  scores: Float64Array,
  size: number,
  top: readonly number[],
  compare: (a: number, b: number) => number,
  carriesShare: ((k: number) => boolean) | null,
): number[] {
  const n = positions.length
  const types = facetSize(pool.catalogue, 'type')
  const countries = facetSize(pool.catalogue, 'country')
  const bestByType = new Int32Array(types).fill(-1)
  const bestByCountry = new Int32Array(countries).fill(-1)
  // The best removal of each type and country too: where the walk keeps its places for removals, their own spread
  // is what the caps diversify. With only the best few removals read, a cap that passed one over left its place to
  // a reduction, which a removals-only brief then gave nothing.
  const bestRemovalByType = new Int32Array(carriesShare ? types : 0).fill(-1)
  const bestRemovalByCountry = new Int32Array(carriesShare ? countries : 0).fill(-1)
  // Better than the best so far: a higher score, or an equal one that wins the tie-break.
  const beats = (k: number, best: number) => best === -1 || scores[k] > scores[best] || (scores[k] === scores[best] && compare(k, best) < 0)
  for (let k = 0; k < n; k++) {
    const t = pool.type[positions[k]]
    if (beats(k, bestByType[t])) bestByType[t] = k
    const c = pool.country[positions[k]]
    if (beats(k, bestByCountry[c])) bestByCountry[c] = k
    if (carriesShare !== null && (beats(k, bestRemovalByType[t]) || beats(k, bestRemovalByCountry[c])) && carriesShare(k)) {
      if (beats(k, bestRemovalByType[t])) bestRemovalByType[t] = k
      if (beats(k, bestRemovalByCountry[c])) bestRemovalByCountry[c] = k
    }
  }
  const merged = new Set(top)
  for (const best of [bestByType, bestByCountry, bestRemovalByType, bestRemovalByCountry]) for (const k of best) if (k !== -1) merged.add(k)
  if (carriesShare !== null) {
    const removalFirst = (a: number, b: number) => Number(!carriesShare(a)) - Number(!carriesShare(b)) || compare(a, b)
    for (const k of topIndices(n, Math.min(n, size), removalFirst)) merged.add(k)
  }
  return [...merged].sort(compare)
}
