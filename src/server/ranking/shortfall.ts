import { listInWords } from '../../lib/list-in-words'
import type { Brief } from '../../api/contract/recommendations'
import { codeOfFacetValue, facetCode, purchasable } from '../catalogue/catalogue'
import { formatCount } from '../../lib/format'
import { percent } from '../core/percent'
import { dollarsToTheCent, wholeDollars as usd } from './whole-dollars'
import type { ShortlistAllocation } from './shortlist-spend'
import { longestShortlist } from './grow-shortlist'
import type { CandidatePool } from './pool'
import { isRemoval } from '../../lib/reduction-removal'
import type { ShortlistSelection } from './select'
import { regionLabel } from '../../api/value-labels'


/** The brief's own restrictions on which projects may be bought, in its words: only the ones it set. */
export function restrictionsAsked(brief: Brief): { filters: string[]; widen: string[] } {
  const filters: string[] = []
  const widen: string[] = []
  if (brief.type) {
    filters.push(`of type ${brief.type}`)
    widen.push('another type')
  }
  if (brief.region) {
    filters.push(`in ${regionLabel(brief.region)}`)
    widen.push('another region')
  }
  if (brief.approach) {
    filters.push(brief.approach === 'nature' ? 'nature-based' : 'technology-based')
    widen.push('either approach')
  }
  if (brief.vintage_min !== undefined) {
    filters.push(`with credits of vintage ${brief.vintage_min} or later`)
    widen.push('an earlier minimum vintage')
  }
  return { filters, widen }
}

const listed = (parts: readonly string[], joiner: 'and' | 'or' = 'or') => listInWords(parts, joiner)

/** What all the projects that pass the brief's hard filters can sell within the budget, in cents, and of it the removals'. */
function supplyOf(pool: CandidatePool, brief: Brief, selected: ShortlistSelection): { all: number; removals: number } {
  const budgetCents = Math.floor(brief.budget_usd * 100)
  const vintageMin = brief.vintage_min ?? null
  let all = 0
  let removals = 0
  for (const i of selected.positions) {
    const onSale = vintageMin === null ? pool.remaining[i] : purchasable(pool.catalogue, pool.row[i], vintageMin)
    const cents = Math.min(budgetCents, onSale * Math.round(pool.price[i] * 100))
    all += cents
    if (pool.removal[i] === 1) removals += cents
  }
  return { all, removals }
}

/**
 * Why no project is shortlisted, naming only what the brief set: its type, region, approach or minimum vintage, and
 * what would find projects; with none of those set, the budget is below the price of a tonne.
 */
export function emptyNote(brief: Brief, pool: CandidatePool): string {
  const { filters, widen } = restrictionsAsked(brief)
  const undeliverable = brief.type ? typeNotDelivering(pool, brief.type) : null
  if (undeliverable) return undeliverable
  if (filters.length > 0) {
    return `No project ${filters.join(', ')} can deliver credits now at a price within the budget. ${capitalise(listed(widen))} would find some.`
  }
  const cheapest = pool.size > 0 ? pool.price[pool.byPrice[0]] : null
  return cheapest === null
    ? 'No project in the catalogue can deliver credits now.'
    : `No project sells a tonne for the budget of ${dollarsToTheCent(brief.budget_usd)} or less: the cheapest costs ${dollarsToTheCent(cheapest)} a tonne, so a budget of that would buy one.`
}

/**
 * Where the catalogue holds projects of the type, none of which can deliver credits now, whatever the budget: the
 * type dropdown offers Direct Air Capture and BECCS, whose projects are all in the pipeline, and the note put it
 * down to "a price within the budget", which no budget could change.
 */
function typeNotDelivering(pool: CandidatePool, type: string): string | null {
  const { catalogue } = pool
  const code = codeOfFacetValue(catalogue, 'type', type)
  if (code === undefined) return null
  for (let i = 0; i < pool.size; i++) if (pool.type[i] === code) return null
  let listed = 0
  for (let row = 0; row < catalogue.size; row++) if (facetCode(catalogue, 'type', row) === code) listed++
  if (listed === 0) return null
  return `No project of type ${type} can deliver credits now, at any budget: the catalogue's ${formatCount(listed, 'project')} of the type ${listed === 1 ? 'is' : 'are'} in the pipeline, inactive, or ${listed === 1 ? 'has' : 'have'} no credits left or no price. Another type would find some.`
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Why part of the budget is left unspent and what would spend it, naming only what the brief set: the credits the
 * projects meeting its restrictions hold, the shortlist size it set, or the whole tonnes a small budget buys. The
 * caps and the removals' share it set have notes of their own (shortlist-spend.ts, removalShortNote).
 */
export function unspentNote(brief: Brief, pool: CandidatePool, selected: ShortlistSelection, spend: ShortlistAllocation): string | null {
  const budgetCents = Math.floor(brief.budget_usd * 100)
  const unspent = budgetCents - spend.allocatedCents
  if (selected.chosen.length === 0 || unspent <= budgetCents * 0.05) return null
  // A shortlist that buys nothing leaves all of it: "part" beside "$0 of $2,000,000" read as a slip.
  const opening = spend.allocatedCents === 0 ? 'None of the budget is allocated' : 'Part of the budget is left unallocated'
  // Where the removals' share holds the spend back, its own note says what would spend more: what every project
  // passing the brief holds, reductions included, is not what the share lets be spent ("A budget of $4.5bn would be
  // spent in full" stood under "a budget of at most $443M" on one brief of $10bn at 60% removals).
  if (removalShareBinds(spend) && selected.chosen.some((c) => isRemoval(c.reductionRemoval))) {
    return `${opening}: the removals' share the brief asks holds it back; the note above says what would spend more.`
  }
  if (spend.limits.has('credits')) {
    const supply = supplyOf(pool, brief, selected).all
    const { filters, widen } = restrictionsAsked(brief)
    // A full shortlist holding less than the market is held back by its length, whatever the market holds: a budget
    // of all the market holds would not be spent by 50 projects either.
    if (selected.chosen.length >= longestShortlist && spend.spendableCents < Math.min(supply, budgetCents) * 0.95) {
      return `${opening}: a shortlist holds at most ${longestShortlist} projects, and the ${longestShortlist} that meet the brief best hold only ${usd(spend.spendableCents)} of credits on sale, where all that meet it hold ${usd(supply)}.`
    }
    if (supply < budgetCents * 0.95) {
      const which = filters.length > 0 ? `the projects ${filters.join(', ')}` : 'all the projects that can deliver credits now'
      const meet = filters.length > 0 ? `${capitalise(listed(widen))} would find more` : `A budget of ${usd(supply)} would be spent in full`
      return `${opening}: ${which} hold ${usd(supply)} of credits on sale within the budget. ${meet}.`
    }
    if (brief.shortlist_size !== undefined) {
      return `${opening}: the ${selected.chosen.length} shortlisted projects hold too few credits for the budget, while the projects that meet the brief hold ${usd(supply)}. A longer shortlist than ${brief.shortlist_size} would take more.`
    }
    // Credits alone hold it back only where no cap does too: a removals-only brief held to 40% a type, its
    // reforestation beside $1,832 of other removals, read "hold only $2,159 of credits on sale" of projects holding
    // millions of tonnes.
    if (spend.limits.size === 1) return `${opening}: the shortlisted projects hold only ${usd(spend.spendableCents)} of credits on sale.`
  }
  if (spend.limits.size === 0) {
    // A budget of a few tonnes is said to the cent: in whole dollars, tonnes of $1.65 and $2.63 leaving $0.72 read
    // "whole tonnes of $1 to $2 … leave $0". The prices are those of the projects that take part of it, which the
    // shortlist shows; one that would take nothing is not ranked.
    const taking = selected.chosen.filter((_, i) => spend.costs[i] > 0)
    const prices = (taking.length > 0 ? taking : selected.chosen).map((c) => Math.round(c.price.value * 100))
    const [cheapest, dearest] = [Math.min(...prices), Math.max(...prices)].map((cents) => dollarsToTheCent(cents / 100))
    const tonnes = cheapest === dearest ? `whole tonnes at ${cheapest}` : `whole tonnes of ${cheapest} to ${dearest}`
    return `${opening}: ${tonnes}, held to the brief's shares, leave ${dollarsToTheCent(unspent / 100)} of so small a budget unspent.`
  }
  const set = [
    brief.max_share_per_type !== undefined ? 'its cap per project type' : null,
    brief.max_share_per_country !== undefined ? 'its cap per country' : null,
    brief.min_removal_share !== undefined ? "its removals' share" : null,
  ].filter((part): part is string => part !== null)
  return set.length > 0
    ? `${opening}: what the brief asks of the shortlist together (${listed(set, 'and')}) holds it back; the notes above say what would meet it.`
    : `${opening}: the shortlisted projects can take only ${usd(spend.spendableCents)} of it.`
}

/** Whether the removals' share the brief asked holds the spend below what the shortlist could take at a lower one. */
const removalShareBinds = (spend: ShortlistAllocation) => spend.caps.min_removal_share > 0 && spend.removalShareReachable < spend.caps.min_removal_share - 1e-9

/**
 * Where the removals' share the brief asked holds the spend back (credence-rank/10: the share is held, never given
 * way): what the removals can sell or take, what the shortlist spends so, and what would spend more.
 */
export function removalShortNote(brief: Brief, pool: CandidatePool, selected: ShortlistSelection, spend: ShortlistAllocation): string | null {
  const asked = spend.caps.min_removal_share
  if (!removalShareBinds(spend) || selected.chosen.length === 0) return null
  if (!selected.chosen.some((c) => isRemoval(c.reductionRemoval))) return null
  const reachable = Math.floor(spend.removalShareReachable * 10_000) / 10_000
  const lower = reachable > 0 ? ` A minimum share of removals of ${percent(reachable, 2)} would let more of it be spent` : ''
  const opening = `Removals are held to at least ${percent(asked, 2)} of the spend, as the brief asks`
  const spent = `so the shortlist spends ${usd(spend.allocatedCents)} of the budget`
  const supply = supplyOf(pool, brief, selected).removals
  const budgetCents = Math.floor(brief.budget_usd * 100)
  if (supply < asked * budgetCents) {
    const budget = `a budget of at most ${usd(Math.floor(supply / asked))} would be spent in full`
    return `${opening}, and the removals that meet it can sell ${usd(supply)} of credits in all: ${spent}.${lower ? `${lower}; or ${budget}.` : ` ${capitalise(budget)}.`}`
  }
  // Removal credits enough, but the caps the brief set keep them below the share (a type or country of removals at its cap).
  const caps = [brief.max_share_per_type !== undefined && !brief.type ? 'cap per project type' : null, brief.max_share_per_country !== undefined ? 'cap per country' : null].filter((c): c is string => c !== null)
  const held = caps.length > 0 ? `within the brief's ${listed(caps, 'and')}, the removals can take no more` : 'the shortlisted removals can take no more'
  return `${opening}, and ${held}: ${spent}.${lower ? `${lower}.` : ''}`
}
