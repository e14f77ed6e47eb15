/**
 * Splits a budget across ranked projects in whole tonnes and integer cents, so the total never exceeds the
 * budget: first in proportion to score, then what is left goes down the ranking while credits remain. With
 * portfolio caps, no type (no country) may take more than its share of what is allocated, and removals at
 * least theirs; a cap is a limit on the money, checked against the allocated total after every step.
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

const noCaps: AllocationCaps = { perType: null, perCountry: null, minRemoval: 0 }

export function allocateBudget(budgetUsd: number, items: AllocationInput[], caps: AllocationCaps = noCaps): Allocation[] {
  const budgetCents = Math.floor(budgetUsd * 100)
  const n = items.length
  const tonnes = new Array<number>(n).fill(0)
  const heldBy = new Array<Allocation['heldBy']>(n).fill(null)
  if (n === 0) return []
  const typeCap = caps.perType !== null && caps.perType < 1 ? caps.perType : null
  const countryCap = caps.perCountry !== null && caps.perCountry < 1 ? caps.perCountry : null
  const anyRemoval = items.some((i) => i.removal)
  const minRemoval = anyRemoval ? caps.minRemoval : 0

  // Proportional first, with the removals' part raised to their minimum share of the budget.
  let removalScore = 0
  let otherScore = 0
  for (const item of items) {
    if (item.removal) removalScore += item.score
    else otherScore += item.score
  }
  const totalScore = removalScore + otherScore
  const removalPart = totalScore > 0 ? Math.max(removalScore / totalScore, minRemoval) : minRemoval
  for (let i = 0; i < n; i++) {
    const item = items[i]
    const pool = item.removal ? removalPart : 1 - removalPart
    const poolScore = item.removal ? removalScore : otherScore
    const share = poolScore > 0 ? (budgetCents * pool * item.score) / poolScore : budgetCents / n
    tonnes[i] = Math.max(0, Math.min(Math.floor(share / item.priceCents), item.remaining))
  }

  const spendBy = (key: 'type' | 'country', group: number | undefined) => {
    let sum = 0
    for (let i = 0; i < n; i++) if (items[i][key] === group) sum += tonnes[i] * items[i].priceCents
    return sum
  }
  const total = () => tonnes.reduce((sum, t, i) => sum + t * items[i].priceCents, 0)
  const removalSpend = () => tonnes.reduce((sum, t, i) => sum + (items[i].removal ? t * items[i].priceCents : 0), 0)

  /** Takes at least `cents` off the lowest-ranked projects that match, whole tonnes at a time. */
  const cut = (cents: number, matches: (i: number) => boolean, reason: Allocation['heldBy']) => {
    for (let i = n - 1; i >= 0 && cents > 0; i--) {
      if (!matches(i) || tonnes[i] === 0) continue
      const off = Math.min(tonnes[i], Math.ceil(cents / items[i].priceCents))
      tonnes[i] -= off
      cents -= off * items[i].priceCents
      heldBy[i] ??= reason
    }
  }

  // Trim until every cap holds against the allocated total; each cut lowers the total, so this ends.
  for (let pass = 0; pass < 200; pass++) {
    const allocated = total()
    let violated = false
    for (const [key, cap] of [['type', typeCap], ['country', countryCap]] as const) {
      if (cap === null) continue
      for (const group of new Set(items.map((i) => i[key]))) {
        const spend = spendBy(key, group)
        if (spend > cap * allocated + 1e-6) {
          cut(Math.ceil((spend - cap * allocated) / (1 - cap)), (i) => items[i][key] === group, key)
          violated = true
          break
        }
      }
      if (violated) break
    }
    if (violated) continue
    const removals = removalSpend()
    if (minRemoval > 0 && removals > 0 && removals < minRemoval * allocated - 1e-6) {
      // Removals below their share: what else is allocated shrinks until they hold it.
      cut(Math.ceil(allocated - removals / minRemoval), (i) => !items[i].removal, 'removal')
      continue
    }
    break
  }

  // What is left goes down the ranking, each addition no larger than every cap allows.
  for (let pass = 0; pass < 5; pass++) {
    let added = false
    for (let i = 0; i < n; i++) {
      const item = items[i]
      const allocated = total()
      let room = budgetCents - allocated
      if (typeCap !== null) room = Math.min(room, Math.floor((typeCap * allocated - spendBy('type', item.type)) / (1 - typeCap)))
      if (countryCap !== null) room = Math.min(room, Math.floor((countryCap * allocated - spendBy('country', item.country)) / (1 - countryCap)))
      const removals = removalSpend()
      if (minRemoval > 0 && removals > 0 && !item.removal) room = Math.min(room, Math.floor(removals / minRemoval - allocated))
      const extra = Math.min(Math.floor(room / item.priceCents), item.remaining - tonnes[i])
      if (extra <= 0) continue
      tonnes[i] += extra
      added = true
    }
    if (!added) break
  }
  return tonnes.map((t, i) => ({ tonnes: t, costCents: t * items[i].priceCents, heldBy: heldBy[i] }))
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
