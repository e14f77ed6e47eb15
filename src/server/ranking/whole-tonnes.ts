import type { SpendCaps } from './spend-flow'

/** A shortlisted project in whole tonnes: its price in cents, the tonnes it may sell, its groups. */
export interface TonneItem {
  priceCents: number
  remaining: number
  type: number
  country: number
  removal: boolean
}

const spent = (items: readonly TonneItem[], tonnes: readonly number[], pick: (item: TonneItem) => boolean = () => true) =>
  tonnes.reduce((sum, t, i) => sum + (pick(items[i]) ? t * items[i].priceCents : 0), 0)

/** Whether every cap holds against the money actually allocated. */
export function capsHold(items: readonly TonneItem[], tonnes: readonly number[], caps: SpendCaps): boolean {
  const total = spent(items, tonnes)
  const over = (key: 'type' | 'country', cap: number | null) =>
    cap !== null && [...new Set(items.map((item) => item[key]))].some((group) => spent(items, tonnes, (item) => item[key] === group) > cap * total + 1e-6)
  if (over('type', caps.perType) || over('country', caps.perCountry)) return false
  return caps.minRemoval === 0 || spent(items, tonnes, (item) => !item.removal) <= (1 - caps.minRemoval) * total + 1e-6
}

/**
 * Adds whole tonnes down the ranking wherever one more keeps the budget, the credits left and every cap: more
 * money only loosens the other groups' caps (each is a share of the total), so no addition undoes another.
 */
export function topUp(items: readonly TonneItem[], tonnes: number[], caps: SpendCaps, budgetCents: number): void {
  for (let pass = 0; pass < 3; pass++) {
    let added = false
    for (let i = 0; i < items.length; i++) {
      const { priceCents: p, type, country, removal, remaining } = items[i]
      const total = spent(items, tonnes)
      const room = [Math.floor((budgetCents - total) / p), remaining - tonnes[i]]
      // One more of its group: g + kp ≤ cap (T + kp), so k ≤ (cap T − g) / (p (1 − cap)).
      const within = (cap: number | null, group: number) => (cap === null || cap >= 1 ? Infinity : Math.floor((cap * total - group + 1e-6) / (p * (1 - cap))))
      room.push(within(caps.perType, spent(items, tonnes, (item) => item.type === type)))
      room.push(within(caps.perCountry, spent(items, tonnes, (item) => item.country === country)))
      if (!removal && caps.minRemoval > 0) room.push(Math.floor(((1 - caps.minRemoval) * total - spent(items, tonnes, (item) => !item.removal) + 1e-6) / (p * caps.minRemoval)))
      const extra = Math.min(...room)
      if (extra <= 0) continue
      tonnes[i] += extra
      added = true
    }
    if (!added) return
  }
}

/**
 * Mends an allocation that rounding down to whole tonnes left with a cap broken (a small budget, a few tonnes
 * each): tonnes are added where they break nothing, which raises the total every share is of, and only then is
 * the lowest-ranked project of a group still above its cap trimmed, one cut at a time, until every cap holds.
 */
export function mendCaps(items: readonly TonneItem[], tonnes: number[], caps: SpendCaps, budgetCents: number): void {
  for (let round = 0; round < 200 && !capsHold(items, tonnes, caps); round++) {
    topUp(items, tonnes, caps, budgetCents)
    if (capsHold(items, tonnes, caps)) return
    trimToCaps(items, tonnes, caps, 1)
  }
  trimToCaps(items, tonnes, caps)
}

/**
 * Trims money off the lowest-ranked projects of any group above its cap of what is actually allocated, until every
 * cap holds (or for `cuts` cuts): each cut lowers the total, so it ends.
 */
export function trimToCaps(items: readonly TonneItem[], tonnes: number[], caps: SpendCaps, cuts = 1000): void {
  const cut = (cents: number, matches: (item: TonneItem) => boolean) => {
    for (let i = items.length - 1; i >= 0 && cents > 0; i--) {
      if (!matches(items[i]) || tonnes[i] === 0) continue
      const off = Math.min(tonnes[i], Math.ceil(cents / items[i].priceCents))
      tonnes[i] -= off
      cents -= off * items[i].priceCents
    }
  }
  for (let pass = 0; pass < cuts && !capsHold(items, tonnes, caps); pass++) {
    const total = spent(items, tonnes)
    let cutNow = false
    for (const [key, cap] of [['type', caps.perType], ['country', caps.perCountry]] as const) {
      if (cap === null || cutNow) continue
      for (const group of new Set(items.map((item) => item[key]))) {
        const spend = spent(items, tonnes, (item) => item[key] === group)
        if (spend <= cap * total + 1e-6) continue
        cut(Math.ceil((spend - cap * total) / (1 - cap)), (item) => item[key] === group)
        cutNow = true
        break
      }
    }
    if (cutNow) continue
    if (caps.minRemoval === 0) return
    cut(Math.ceil(total - spent(items, tonnes, (item) => item.removal) / caps.minRemoval), (item) => !item.removal)
  }
}
