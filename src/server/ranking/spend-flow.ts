import { FlowNetwork } from './flow-network'

/** A shortlisted project as the allocation sees it: what it can take in cents, its groups, and whether it removes. */
export interface SpendItem {
  /** Cents its credits on sale are worth at its price, at most the budget. */
  capacity: number
  type: number
  country: number
  removal: boolean
}

/** Fractions of the money allocated: most per type and per country (null: no cap), least for removals. */
export interface SpendCaps {
  perType: number | null
  perCountry: number | null
  minRemoval: number
}

/** What holds the spend below the budget: the projects' credits, a type or country cap, or the removals' share. */
export type SpendLimit = 'credits' | 'type' | 'country' | 'removal'

interface SpendNetwork {
  net: FlowNetwork
  source: number
  sink: number
  totalEdge: number
  itemEdges: number[]
  limitOf: Map<number, SpendLimit>
}

/**
 * The allocation as a flow of money: source → (reductions' gate) → each type → each project → each country →
 * sink. A total T can be spent within the caps exactly when the flow reaches T with each type and country edge
 * holding at most its cap of (T − slack) and the reductions' gate at most (1 − removal share) of it. The slack is
 * what rounding down to whole tonnes may take off the total, so caps held by the flow still hold after it. A type
 * whose projects both remove and reduce has a node for each, each held to the type's cap: a flow cannot hold one cap
 * over both and the removals' share at once, and in the data one type is one or the other (importers/vocabulary),
 * so the whole-tonne split checks the type as a whole and mends it where it must (whole-tonnes.ts).
 */
function spendNetwork(items: readonly SpendItem[], caps: SpendCaps, total: number, slack: number, initial?: readonly number[]): SpendNetwork {
  const limit = Math.max(0, total - slack)
  const typeCap = caps.perType === null ? Infinity : caps.perType * limit
  const countryCap = caps.perCountry === null ? Infinity : caps.perCountry * limit
  const reductionsCap = caps.minRemoval > 0 ? (1 - caps.minRemoval) * limit : Infinity
  const typeNodes = new Map<string, number>()
  const countryNodes = new Map<number, number>()
  const first = 4
  for (const item of items) {
    const key = `${item.type}:${item.removal}`
    if (!typeNodes.has(key)) typeNodes.set(key, first + typeNodes.size)
  }
  const itemNode = (i: number) => first + typeNodes.size + i
  for (const item of items) if (!countryNodes.has(item.country)) countryNodes.set(item.country, first + typeNodes.size + items.length + countryNodes.size)
  const net = new FlowNetwork(first + typeNodes.size + items.length + countryNodes.size)
  const [source, sink, top, reductions] = [0, 1, 2, 3]
  const x = (i: number) => initial?.[i] ?? 0
  const sum = (pick: (item: SpendItem) => boolean) => items.reduce((s, item, i) => s + (pick(item) ? x(i) : 0), 0)
  const limitOf = new Map<number, SpendLimit>()
  const totalEdge = net.addEdge(source, top, total, sum(() => true))
  limitOf.set(net.addEdge(top, reductions, reductionsCap, sum((item) => !item.removal)), 'removal')
  for (const [key, node] of typeNodes) {
    const [type, removal] = [Number(key.split(':')[0]), key.endsWith('true')]
    limitOf.set(net.addEdge(removal ? top : reductions, node, typeCap, sum((item) => item.type === type && item.removal === removal)), 'type')
  }
  const itemEdges = items.map((item, i) => {
    const edge = net.addEdge(typeNodes.get(`${item.type}:${item.removal}`)!, itemNode(i), item.capacity, x(i))
    limitOf.set(edge, 'credits')
    net.addEdge(itemNode(i), countryNodes.get(item.country)!, Infinity, x(i))
    return edge
  })
  for (const [country, node] of countryNodes) limitOf.set(net.addEdge(node, sink, countryCap, sum((item) => item.country === country)), 'country')
  return { net, source, sink, totalEdge, itemEdges, limitOf }
}

/** Below this a shortfall is float rounding, not money: a thousandth of a cent, and a billionth of the total. */
const tolerance = (total: number) => 1e-3 + total * 1e-9

/** How much of `total` the items can take within the caps. */
export function spendableAt(items: readonly SpendItem[], caps: SpendCaps, total: number, slack = 0): number {
  const { net, source, sink, totalEdge } = spendNetwork(items, caps, total, slack)
  net.augment(source, sink)
  return net.flow[totalEdge]
}

const reaches = (items: readonly SpendItem[], caps: SpendCaps, total: number, slack: number) => spendableAt(items, caps, total, slack) >= total - tolerance(total)

/**
 * The most (in cents, at most the budget) the items can take with every cap held. The totals that can be spent
 * form one interval (the flow is concave in the total): from zero without slack; with slack it can start above
 * zero, and is found first by a ternary search of how far short each total falls. Zero when none can.
 */
export function mostSpendable(items: readonly SpendItem[], caps: SpendCaps, budget: number, slack = 0): number {
  if (items.length === 0 || budget <= 0) return 0
  if (reaches(items, caps, budget, slack)) return budget
  let low = 0
  if (slack > 0) {
    let [a, b] = [0, budget]
    for (let step = 0; step < 80 && b - a > 1; step++) {
      const m1 = a + (b - a) / 3
      const m2 = b - (b - a) / 3
      if (spendableAt(items, caps, m1, slack) - m1 < spendableAt(items, caps, m2, slack) - m2) a = m1
      else b = m2
    }
    low = (a + b) / 2
    if (!reaches(items, caps, low, slack)) return 0
  }
  let high = budget
  while (high - low > 1) {
    const middle = (low + high) / 2
    if (reaches(items, caps, middle, slack)) low = middle
    else high = middle
  }
  return Math.floor(low)
}

/**
 * What holds the spend at `spendable` (cents) and no more: the limits a minimum cut of the network just above it
 * crosses. Empty when the budget itself is what stops it.
 */
export function bindingLimits(items: readonly SpendItem[], caps: SpendCaps, spendable: number, budget: number, slack = 0): Set<SpendLimit> {
  const found = new Set<SpendLimit>()
  if (spendable >= budget - tolerance(budget)) return found
  const { net, source, sink, limitOf } = spendNetwork(items, caps, Math.min(budget, spendable + Math.max(100, spendable * 1e-6)), slack)
  net.augment(source, sink)
  const side = net.reachable(source)
  for (const [edge, limit] of limitOf) {
    const from = net.to[edge ^ 1]
    if (side[from] && !side[net.to[edge]]) found.add(limit)
  }
  return found
}

/**
 * Splits `total` cents over the items within the caps, starting from `preferred` (which must already hold every
 * cap at this total) and raising it along augmenting paths until the total is reached or nothing more fits.
 */
export function spendFlow(items: readonly SpendItem[], caps: SpendCaps, total: number, slack: number, preferred: readonly number[]): number[] {
  const { net, source, sink, itemEdges } = spendNetwork(items, caps, total, slack, preferred)
  net.augment(source, sink)
  return itemEdges.map((edge) => Math.max(0, net.flow[edge]))
}
