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
  const capacity = items.map((item) => Math.min(item.remaining * item.priceCents, budgetCents))
  const removalCapacity = items.reduce((sum, item, i) => sum + (item.removal ? capacity[i] : 0), 0)

  // The most that can be spent with every type (country) within its cap, given what each can take at all:
  // a group of two tonnes cannot carry its share, and the others may then not exceed theirs.
  let target = budgetCents
  if (typeCap !== null) target = Math.min(target, largestFeasibleTotal(items, capacity, 'type', typeCap, target))
  if (countryCap !== null) target = Math.min(target, largestFeasibleTotal(items, capacity, 'country', countryCap, target))
  // Removals get their share where they can take it; where they cannot, all they can take, and a note says so.
  const minRemoval = removalCapacity >= caps.minRemoval * target ? caps.minRemoval : 0
  const limit = (cap: number | null) => (cap === null ? Infinity : Math.floor(cap * target))

  // Proportional to score within the target, with the removals' part raised to their minimum share.
  let removalScore = 0
  let otherScore = 0
  for (const item of items) {
    if (item.removal) removalScore += item.score
    else otherScore += item.score
  }
  const totalScore = removalScore + otherScore
  const removalPart = removalScore > 0 ? Math.max(totalScore > 0 ? removalScore / totalScore : 0, minRemoval) : 0
  for (let i = 0; i < n; i++) {
    const item = items[i]
    const pool = item.removal ? removalPart : 1 - removalPart
    const poolScore = item.removal ? removalScore : otherScore
    const share = poolScore > 0 ? (target * pool * item.score) / poolScore : target / n
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

  // Each group within its limit of the target: the lowest-ranked projects of a group above it give way.
  for (const [key, cap] of [['type', typeCap], ['country', countryCap]] as const) {
    if (cap === null) continue
    for (const group of new Set(items.map((i) => i[key]))) {
      const over = spendBy(key, group) - limit(cap)
      if (over > 0) cut(over, (i) => items[i][key] === group, key)
    }
  }

  // What is left goes down the ranking, each addition within the target, the group limits and the removals' share.
  for (let pass = 0; pass < 3; pass++) {
    let added = false
    for (let i = 0; i < n; i++) {
      const item = items[i]
      const allocated = total()
      let room = target - allocated
      if (typeCap !== null) room = Math.min(room, limit(typeCap) - spendBy('type', item.type))
      if (countryCap !== null) room = Math.min(room, limit(countryCap) - spendBy('country', item.country))
      if (minRemoval > 0 && !item.removal) room = Math.min(room, Math.floor(target * (1 - minRemoval)) - (allocated - removalSpend()))
      const extra = Math.min(Math.floor(room / item.priceCents), item.remaining - tonnes[i])
      if (extra <= 0) continue
      tonnes[i] += extra
      added = true
    }
    if (!added) break
  }

  // Whole tonnes can leave the total a little short of the target, and a share of a smaller total smaller:
  // trim until every cap holds against what is actually allocated. Each cut lowers the total, so this ends.
  for (let pass = 0; pass < 100; pass++) {
    const allocated = total()
    let cutNow = false
    for (const [key, cap] of [['type', typeCap], ['country', countryCap]] as const) {
      if (cap === null || cutNow) continue
      for (const group of new Set(items.map((i) => i[key]))) {
        const spend = spendBy(key, group)
        if (spend > cap * allocated) {
          cut(Math.ceil((spend - cap * allocated) / (1 - cap)), (i) => items[i][key] === group, key)
          cutNow = true
          break
        }
      }
    }
    if (cutNow) continue
    const removals = removalSpend()
    if (minRemoval > 0 && removals > 0 && removals < minRemoval * allocated) {
      cut(Math.ceil(allocated - removals / minRemoval), (i) => !items[i].removal, 'removal')
      continue
    }
    break
  }
  return tonnes.map((t, i) => ({ tonnes: t, costCents: t * items[i].priceCents, heldBy: heldBy[i] }))
}

/**
 * The largest total T (at most `upTo`) such that the groups, each taking at most `cap` × T and at most its
 * capacity, can make up T. Their sum is concave in T, so the totals that work form an interval from zero.
 */
function largestFeasibleTotal(items: readonly AllocationInput[], capacity: readonly number[], key: 'type' | 'country', cap: number, upTo: number): number {
  const groups = new Map<number | undefined, number>()
  items.forEach((item, i) => groups.set(item[key], (groups.get(item[key]) ?? 0) + capacity[i]))
  const reachable = (total: number) => {
    let sum = 0
    for (const c of groups.values()) sum += Math.min(cap * total, c)
    return sum >= total
  }
  if (reachable(upTo)) return upTo
  let low = 0
  let high = upTo
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (reachable(middle)) low = middle
    else high = middle
  }
  return low
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
