import { mostSpendable, spendFlow, type SpendCaps, type SpendItem } from './spend-flow'
import { capsHold, mendCaps, topUp, type TonneItem } from './whole-tonnes'

/**
 * Splits a budget across ranked projects in whole tonnes and integer cents, so the total never exceeds the
 * budget: first in proportion to score, then what is left goes down the ranking while credits remain. With
 * portfolio caps, no type (no country) may take more than its share of what is allocated, and removals at
 * least theirs; a cap is a limit on the money, held against the allocated total. How much can be spent at all
 * within the caps is worked out exactly first (spend-flow.ts), so the split never falls short of it by more than
 * whole tonnes make it.
 */
export interface AllocationInput {
  score: number
  priceCents: number
  remaining: number
  /** Small integer ids of the project's type and country (see groupIds), and whether it is a removal. */
  type?: number
  country?: number
  removal?: boolean
}

export interface AllocationCaps {
  /** Fractions of the allocated total (0, 1]; null where the cap does not apply. */
  perType: number | null
  perCountry: number | null
  /** Least fraction of the allocated total for removals; 0 for none. */
  minRemoval: number
}

export interface Allocation {
  tonnes: number
  costCents: number
  /** What held this project's allocation below its share: a cap, or none. */
  heldBy: 'type' | 'country' | 'removal' | null
}

/** An allocation with what it was held to: the removals' share it could give them, and the most it could spend. */
export interface BudgetSplit {
  allocation: Allocation[]
  /** The removals' least share as held: the one asked, or all removals can take of what can be spent. */
  minRemoval: number
  /** The most the projects can take within the caps, in cents (before whole tonnes). */
  spendableCents: number
}

const noCaps: AllocationCaps = { perType: null, perCountry: null, minRemoval: 0 }

export function allocateBudget(budgetUsd: number, items: AllocationInput[], caps: AllocationCaps = noCaps): Allocation[] {
  return splitBudget(budgetUsd, items, caps).allocation
}

/** What rounding down to whole tonnes can take off a total at most: a tonne of every project. */
export const wholeTonneSlack = (items: readonly { priceCents: number }[]) => items.reduce((sum, item) => sum + item.priceCents, 0)

/** The items as the flow and the whole-tonne steps see them. */
export function spendItemsOf(items: readonly AllocationInput[], budgetCents: number): { spend: SpendItem[]; tonnes: TonneItem[] } {
  const tonnes = items.map((item) => ({ priceCents: item.priceCents, remaining: Math.max(0, Math.floor(item.remaining)), type: item.type ?? -1, country: item.country ?? -1, removal: item.removal ?? false }))
  const spend = tonnes.map((item) => ({ capacity: Math.min(item.remaining * item.priceCents, budgetCents), type: item.type, country: item.country, removal: item.removal }))
  return { spend, tonnes }
}

/** A cap of 100% or more holds nothing back. */
export const capsOf = (caps: AllocationCaps): SpendCaps => ({
  perType: caps.perType !== null && caps.perType < 1 ? caps.perType : null,
  perCountry: caps.perCountry !== null && caps.perCountry < 1 ? caps.perCountry : null,
  minRemoval: caps.minRemoval,
})

/**
 * The removals' share as it can be held: the one asked when removals can take it of all the caps let be spent;
 * else the most they can take of that, so the budget is still spent and the removals get every credit they can.
 */
export function removalShareHeld(spend: readonly SpendItem[], caps: SpendCaps, budgetCents: number, slack = 0): number {
  if (caps.minRemoval === 0) return 0
  const most = mostSpendable(spend, { ...caps, minRemoval: 0 }, budgetCents, slack)
  // Where the caps let nothing be spent at all, the share is moot: what binds is said of the caps.
  if (most <= 0) return 0
  if (mostSpendable(spend, caps, budgetCents, slack) >= most - 1) return caps.minRemoval
  let [low, high] = [0, caps.minRemoval]
  for (let step = 0; step < 30; step++) {
    const middle = (low + high) / 2
    if (mostSpendable(spend, { ...caps, minRemoval: middle }, budgetCents, slack) >= most - 1) low = middle
    else high = middle
  }
  return Math.floor(low * 10_000) / 10_000
}

/**
 * Splits the budget; `holdShare` keeps the removals' share as given where the caller has settled it already
 * (shortlist-spend.ts), where by default removals that cannot take it take all they can.
 */
export function splitBudget(budgetUsd: number, items: readonly AllocationInput[], asked: AllocationCaps = noCaps, holdShare = false): BudgetSplit {
  const budgetCents = Math.floor(budgetUsd * 100)
  const n = items.length
  if (n === 0) return { allocation: [], minRemoval: asked.minRemoval, spendableCents: 0 }
  const { spend, tonnes: goods } = spendItemsOf(items, budgetCents)
  const open = capsOf(asked)
  const tonneSlack = wholeTonneSlack(goods)
  const caps: SpendCaps = { ...open, minRemoval: holdShare ? open.minRemoval : removalShareHeld(spend, open, budgetCents, tonneSlack) }
  const spendableCents = mostSpendable(spend, caps, budgetCents)
  // Rounding down to whole tonnes takes less than a tonne off each project: caps are first held against a total
  // lowered by nothing, then by what rounding took, then by a tonne of every project, so they still hold after it.
  const slacks = [0, -1, tonneSlack]
  let lastLoss = 0
  let best: { tonnes: number[]; total: number } | null = null
  for (const slackAsked of slacks) {
    const slack = slackAsked === -1 ? lastLoss : slackAsked
    const total = slack === 0 ? spendableCents : mostSpendable(spend, caps, budgetCents, slack)
    if (total <= 0) continue
    const flow = spendFlow(spend, caps, total, slack, preferredSplit(items, goods, caps, total, slack))
    const tonnes = flow.map((cents, i) => Math.min(goods[i].remaining, Math.floor(cents / goods[i].priceCents + 1e-9)))
    lastLoss = total - tonnes.reduce((sum, t, i) => sum + t * goods[i].priceCents, 0)
    if (!capsHold(goods, tonnes, caps)) {
      best ??= { tonnes, total }
      continue
    }
    best = { tonnes, total }
    break
  }
  const tonnes = best?.tonnes ?? new Array<number>(n).fill(0)
  mendCaps(goods, tonnes, caps, budgetCents)
  topUp(goods, tonnes, caps, budgetCents)
  const wanted = preferredSplit(items, goods, { ...caps, perType: null, perCountry: null }, best?.total ?? 0, 0)
  return { allocation: tonnes.map((t, i) => ({ tonnes: t, costCents: t * goods[i].priceCents, heldBy: heldBy(goods, tonnes, caps, i, wanted[i]) })), minRemoval: caps.minRemoval, spendableCents }
}

/**
 * The split the method prefers at a total: in proportion to score, the removals' part raised to their least
 * share, each within its credits; then every group above its cap of (total − slack) trimmed, lowest-ranked
 * projects first. It holds every cap, so the flow can start from it and add only what the caps still allow.
 */
function preferredSplit(items: readonly AllocationInput[], goods: readonly TonneItem[], caps: SpendCaps, total: number, slack: number): number[] {
  const n = items.length
  let removalScore = 0
  let otherScore = 0
  items.forEach((item, i) => (goods[i].removal ? (removalScore += item.score) : (otherScore += item.score)))
  const all = removalScore + otherScore
  const removalPart = removalScore > 0 ? Math.max(all > 0 ? removalScore / all : 0, caps.minRemoval) : 0
  const split = items.map((item, i) => {
    const part = goods[i].removal ? removalPart : 1 - removalPart
    const poolScore = goods[i].removal ? removalScore : otherScore
    const share = poolScore > 0 ? (total * part * item.score) / poolScore : total / n
    return Math.max(0, Math.min(share, goods[i].remaining * goods[i].priceCents))
  })
  const limit = Math.max(0, total - slack)
  const trim = (over: number, matches: (i: number) => boolean) => {
    for (let i = n - 1; i >= 0 && over > 1e-9; i--) {
      if (!matches(i)) continue
      const off = Math.min(split[i], over)
      split[i] -= off
      over -= off
    }
  }
  const groupSum = (matches: (i: number) => boolean) => split.reduce((sum, x, i) => sum + (matches(i) ? x : 0), 0)
  if (caps.perType !== null) {
    for (const key of new Set(goods.map((g) => `${g.type}:${g.removal}`))) {
      const matches = (i: number) => `${goods[i].type}:${goods[i].removal}` === key
      trim(groupSum(matches) - caps.perType * limit, matches)
    }
  }
  if (caps.perCountry !== null) {
    for (const country of new Set(goods.map((g) => g.country))) {
      const matches = (i: number) => goods[i].country === country
      trim(groupSum(matches) - caps.perCountry * limit, matches)
    }
  }
  if (caps.minRemoval > 0) trim(groupSum((i) => !goods[i].removal) - (1 - caps.minRemoval) * limit, (i) => !goods[i].removal)
  return split
}

/** What held a project below its share of the budget: its type's or country's cap, or the removals' share. */
function heldBy(goods: readonly TonneItem[], tonnes: readonly number[], caps: SpendCaps, i: number, wanted: number): Allocation['heldBy'] {
  const item = goods[i]
  if (tonnes[i] * item.priceCents >= wanted - item.priceCents || tonnes[i] >= item.remaining) return null
  const total = tonnes.reduce((sum, t, j) => sum + t * goods[j].priceCents, 0)
  const groupSpend = (matches: (g: TonneItem) => boolean) => tonnes.reduce((sum, t, j) => sum + (matches(goods[j]) ? t * goods[j].priceCents : 0), 0)
  const full = (cap: number | null, spend: number) => cap !== null && spend + item.priceCents > cap * (total + item.priceCents) - 1e-6
  if (full(caps.perType, groupSpend((g) => g.type === item.type))) return 'type'
  if (full(caps.perCountry, groupSpend((g) => g.country === item.country))) return 'country'
  if (!item.removal && caps.minRemoval > 0) return 'removal'
  return null
}

/** Numbers each distinct value, so caps compare small integers rather than strings. */
export function groupIds(values: readonly string[]): number[] {
  const ids = new Map<string, number>()
  return values.map((v) => {
    let id = ids.get(v)
    if (id === undefined) ids.set(v, (id = ids.size))
    return id
  })
}
