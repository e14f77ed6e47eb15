import { listInWords } from '../../lib/list-in-words'
import type { Brief, LeftOutProject, ScoreComponents } from '../../api/contract/recommendations'
import { percent } from '../core/percent'
import type { ShortlistAllocation } from './shortlist-spend'
import type { CapField } from './cap-relaxation'
import type { Candidate, CandidatePool } from './pool'
import type { BroughtIn, LeftOutToDiversify, PortfolioCaps } from './portfolio'
import { isRemoval } from '../../lib/reduction-removal'
import { liftedCapSentence } from './lifted-caps'
import { reasonsFor, type PriceMatching } from './reasons'
import { scoreComponents } from './score'
import { freshnessCredit, hoursSince } from '../catalogue/freshness'
import type { RemovalMedians, ShortlistSelection } from './select'
import { emptyNote, removalShortNote, unspentNote } from './shortfall'
import { concentrationNote } from './concentration-note'
import { ageWords } from '../../lib/format-age'
import { coBenefitNote } from './co-benefit-note'

/** A chosen candidate with what its shortlist item says about it. */
export interface ExplainedItem {
  candidate: Candidate
  score: number
  components: ScoreComponents
  reasons: string[]
}

/** Why each chosen candidate is on the shortlist, where it ranked, and what held its allocation down. */
export function explainItems(pool: CandidatePool, brief: Brief, now: number, selected: ShortlistSelection, spend: ShortlistAllocation): ExplainedItem[] {
  const { selection, chosen, positions, scores, scoring, medianPrice, matching, removalPrices, depth } = selected
  const leftOutFirst = new Set(selection.leftOut.map((p) => p.index))
  return selection.chosen.map((k, i) => {
    const candidate = chosen[i]
    const components = scoreComponents(pool, positions[k], scoring)
    const priceAgainst = pricedAgainst(candidate, removalPrices) ?? { medianPrice, matching }
    const reasons = reasonsFor(candidate, components, { wanted: brief.co_benefits ?? [], ...priceAgainst, priceRange: scoring.range, now })
    const broughtIn = selection.broughtIn.get(k)
    if (broughtIn !== undefined) reasons.push(broughtInReason(broughtIn, depth, selected.size, selected.asked, rankedBy(selected)))
    if (selected.grown?.has(k)) {
      reasons.push(
        leftOutFirst.has(k)
          ? `Left out of the first ${firstPlaces(selected)} places to diversify the portfolio, then brought into the shortlist to spend the budget: the projects in them hold too few credits for it.`
          : 'Brought into the shortlist to spend the budget: the projects ranked above it hold too few credits for it.',
      )
    }
    const held = spend.allocation[i].heldBy
    if (held) reasons.push(heldReason(held, candidate, spend.caps))
    // Ranked above a shortlisted project that scores higher: the table shows both scores, and the reason says why.
    if ((components.co_benefits ?? 0) > 0 && selection.chosen.some((other) => scores[other] > scores[k] && (pool.coBenefits[positions[other]] & scoring.wanted.bits) === 0)) {
      reasons.push('Ranked above the shortlisted projects that deliver none of the requested co-benefits, whatever their score.')
    }
    return { candidate, score: scores[k], components, reasons }
  })
}

/** What a buyer should know about the shortlist as a whole: why it is short or empty, what was left out, what binds. */
export function explainShortlist(pool: CandidatePool, brief: Brief, selected: ShortlistSelection, spend: ShortlistAllocation, now: number): string[] {
  const { size, considered, keyOf, nameOf, asked, chosen } = selected
  const notes: string[] = []
  // Of the projects the budget funds: a source overdue only for places it gives nothing is no source of the shortlist.
  const overdue = overdueNote(fundedOf(selected, spend), now)
  if (overdue) notes.push(overdue)
  if (chosen.length === 0) notes.push(emptyNote(brief, pool))
  else if (considered < size) notes.push(`Only ${considered} ${considered === 1 ? 'project passes' : 'projects pass'} the hard filters, so the shortlist is shorter than ${size}.`)
  const coBenefits = coBenefitNote(pool, brief, selected, spend)
  if (coBenefits) notes.push(coBenefits)
  const leftOut = stillLeftOut(selected, spend)
  if (leftOut.length > 0) {
    // One note a reason, its projects after it, in the order of the walk: the reason written out for each project
    // ("REDD+ already held 4 of the 10 places…" five times over) buried the names.
    const byWhy = new Map<string, LeftOutToDiversify[]>()
    for (const p of leftOut) byWhy.set(p.why, [...(byWhy.get(p.why) ?? []), p])
    // A shortlist grown to spend the budget took more places than the walk's: its reasons speak of the walk's.
    const of = selected.grown?.size ? ` of the first ${firstPlaces(selected)} places` : ''
    for (const [why, projects] of byWhy) {
      const named = projects.map((p) => `${projectNamed(nameOf(p.index), keyOf(p.index))} (${ordinal(p.rank + 1)} ${rankedBy(selected)})`)
      const lifted = liftedCapSentence(pool, brief, selected, spend, projects)
      // A reduction passed over for removals is left out by the brief's share of them, not to diversify.
      const lead = projects[0].cap === 'removals' ? `Left out${of}` : `Left out${of} to diversify the portfolio`
      notes.push(`${lead}, as ${why}: ${named.join('; ')}.${lifted ? ` ${lifted}` : ''}`)
    }
  }
  notes.push(...spend.relaxed)
  notes.push(...capNotes(asked, spend.feasible, chosen, spend.widenedForTonnes))
  const concentrated = concentrationNote(brief, selected, spend, projectNamed)
  if (concentrated) notes.push(concentrated)
  const short = removalShortNote(brief, pool, selected, spend)
  if (short) notes.push(short)
  const unspent = unspentNote(brief, pool, selected, spend)
  if (unspent) notes.push(unspent)
  return notes
}

/**
 * How a note names a project: by the name a buyer knows it by, then its key ("Kariba REDD+ Project, VCS902"). The
 * shortlist's `left_out` lists the same projects, so a view can link each name.
 */
export const projectNamed = (name: string, key: string) => `${name}, ${key}`

/** The projects the walk passed over, as the notes name them: for a cap of diversity, or for the removals' share. */
export function leftOutOfPlaces(selected: ShortlistSelection, spend: ShortlistAllocation): LeftOutProject[] {
  return stillLeftOut(selected, spend).map((p) => ({ key: selected.keyOf(p.index), name: selected.nameOf(p.index), reason: p.cap === 'removals' ? 'removals' : 'diversify' }))
}

/**
 * The projects the walk left out to diversify that the shortlist still leaves out: growing it to spend the budget
 * may bring some of them in, and a project in the shortlist is not named as left out of it.
 */
const stillLeftOut = (selected: ShortlistSelection, spend: ShortlistAllocation) => {
  const funded = fundedOf(selected, spend)
  return selected.selection.leftOut.filter((p) => !selected.grown?.has(p.index) && (p.held === undefined || funded.some((c) => (p.cap === 'type' ? c.type : c.country) === p.held)))
}

/**
 * The shortlisted projects the budget gives something to. A type's or country's places held only by projects it gives
 * nothing left out nothing of the shortlist: a $10 brief's one project, an HFC-23's, read beside "Landfill Methane
 * already held 4 of the 10 places", four landfills the budget funded none of.
 */
const fundedOf = (selected: ShortlistSelection, spend: ShortlistAllocation) => selected.chosen.filter((_, i) => (spend.allocation[i]?.tonnes ?? 0) > 0)

/** The places the walk filled, before the shortlist grew to spend the budget. */
const firstPlaces = (selected: ShortlistSelection) => selected.size - (selected.grown?.size ?? 0)

/**
 * How old the data behind the shortlist is, said once: the newest word any source has given on the shortlisted
 * projects, how old that is, and which sources are overdue for them, when any is. Null when all are fresh.
 */
function overdueNote(chosen: readonly Candidate[], now: number): string | null {
  const overdue = new Set<string>()
  let newest = -Infinity
  for (const candidate of chosen) {
    for (const cell of candidate.cells) {
      if (cell.lastSuccess > newest) newest = cell.lastSuccess
      if (freshnessCredit(hoursSince(cell.lastSuccess, now), cell.cadenceHours) < 1) overdue.add(cell.sourceName)
    }
  }
  if (overdue.size === 0 || newest === -Infinity) return null
  const day = new Date(newest).toLocaleDateString('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })
  // In the app's words for an age (its pages say "11 months ago" of the same day).
  const age = `${ageWords(Math.max(0, Math.floor((now - newest) / 3_600_000)))} old`
  const sources = [...overdue]
  const named = listInWords(sources)
  return `The data behind this shortlist is as of ${day} at the newest (${age}); ${named} ${overdue.size === 1 ? 'is' : 'are'} overdue for some of its projects: newer files (Berkeley's next release, the registries' exports), imported on the Sources page, would bring it up to date.`
}

/** `1 country`, `3 countries`. */
const spans = (count: number, one: string, several: string) => `${count} ${count === 1 ? one : several}`

/**
 * What a removal's price is weighed against: the removals of its kind that pass the brief, or nothing where too few
 * of its kind pass (every removal's median would be the other kind's); null for a reduction, weighed against every
 * project that passes.
 */
function pricedAgainst(candidate: Candidate, medians: RemovalMedians): { medianPrice: number | null; matching: PriceMatching } | null {
  const kind = candidate.reductionRemoval
  if (kind !== 'impermanent_removal' && kind !== 'long_duration_removal') return null
  return { medianPrice: medians[kind], matching: kind === 'impermanent_removal' ? 'impermanent removals' : 'long-duration removals' }
}

/**
 * What a rank counts by: the score, or where the brief asks for co-benefits, the order that puts the projects
 * delivering one first (`rankingOrder`), before the caps diversify it. "6th in the ranking" was read against the
 * table's Rank column, which counts the shortlist after diversifying.
 */
const rankedBy = (selected: ShortlistSelection) => (selected.scoring.wanted.size > 0 ? 'before diversifying' : 'by score')

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

/**
 * Why a project the score alone would not have shortlisted is in it. Ranks are exact as far as the walk read the
 * order: the first `depth` candidates, or the first `size` removals (past them, the order holds only the best
 * removal of each type and country).
 */
function broughtInReason(broughtIn: BroughtIn, depth: number, size: number, asked: PortfolioCaps, by: string): string {
  const alone = by === 'by score' ? `${by} alone` : by
  if (broughtIn.among === 'removals') return `Brought into the shortlist to diversify the portfolio: beyond the first ${size} removals ${alone}.`
  const where = broughtIn.rank <= depth ? `${ordinal(broughtIn.rank)} ${alone}` : `beyond the first ${depth} ${alone}`
  if (broughtIn.by === 'removals') return `Brought into the shortlist for the removals' share (at least ${percent(asked.min_removal_share, 2)} of the spend): ${where}.`
  return `Brought into the shortlist to diversify the portfolio: ${where}.`
}

// Two decimals: a cap widened to just above a quarter reads 25.01%, not 25%.

function heldReason(held: 'type' | 'country' | 'removal', candidate: Candidate, caps: PortfolioCaps): string {
  if (held === 'type') return `Allocation held down to diversify: ${candidate.type} may take at most ${percent(caps.max_share_per_type!, 2)} of the spend.`
  if (held === 'country') return `Allocation held down to diversify: ${candidate.country} may take at most ${percent(caps.max_share_per_country!, 2)} of the spend.`
  return `Allocation held down so removals keep at least ${percent(caps.min_removal_share, 2)} of the spend.`
}

/** Caps the groups the shortlist spans widened; one whole tonnes widened further is said with them (`widenForWholeTonnes`). */
function capNotes(asked: PortfolioCaps, caps: PortfolioCaps, chosen: readonly Candidate[], widened: ReadonlySet<CapField>): string[] {
  const notes: string[] = []
  if (asked.max_share_per_type !== null && caps.max_share_per_type !== asked.max_share_per_type && !widened.has('max_share_per_type')) {
    notes.push(`The shortlist spans only ${spans(new Set(chosen.map((c) => c.type)).size, 'project type', 'project types')}, so no type could be held to ${percent(asked.max_share_per_type, 2)} of the spend; each is held to ${percent(caps.max_share_per_type!, 2)} instead.`)
  }
  if (asked.max_share_per_country !== null && caps.max_share_per_country !== asked.max_share_per_country && !widened.has('max_share_per_country')) {
    notes.push(`The shortlist spans only ${spans(new Set(chosen.map((c) => c.country)).size, 'country', 'countries')}, so no country could be held to ${percent(asked.max_share_per_country, 2)} of the spend; each is held to ${percent(caps.max_share_per_country!, 2)} instead.`)
  }
  // Removals too few to spend the budget at their share are said by removalShortNote, with what would spend more.
  if (asked.min_removal_share > 0 && chosen.length > 0 && !chosen.some((c) => isRemoval(c.reductionRemoval))) {
    // A mixed project (improved forest management, most of them) reduces as well as removes, and counts as neither:
    // a brief of 508 such projects read "No removal project matches" with nothing to say why.
    const mixed = chosen.filter((c) => c.reductionRemoval === 'mixed').length
    const why = mixed > 0 ? ` (${mixed} of the ${chosen.length} shortlisted ${mixed === 1 ? 'is mixed: it reduces and removes' : 'are mixed: they reduce and remove'} at once, which the share does not count as removal)` : ''
    notes.push(`No removal project matches the brief${why}, so its minimum share of removals (${percent(asked.min_removal_share, 2)}) leaves nothing to buy: without it, the projects named below would take the budget.`)
  }
  return notes
}
