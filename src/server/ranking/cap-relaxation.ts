import type { Brief } from '../../api/contract/recommendations'
import { percent } from '../core/percent'
import { formatCount } from '../../lib/format'
import { wholeDollars as usd } from './whole-dollars'
import { capsOf } from './split-budget'
import { capsFor, type PortfolioCaps } from './portfolio'
import { mostSpendable, type SpendCaps, type SpendItem } from './spend-flow'

/**
 * How the caps a shortlist is held to give way, or are said to bind: widened where whole tonnes cannot keep them, a
 * default relaxed as far as the budget and the removals' share need, one the brief set kept and its cost said. Each
 * step reads how much the shortlist can spend under a set of caps (spend-flow.ts) and adds its sentence to `relaxed`.
 */

/** The portfolio's caps as the flow reads them. */
export const asSpendCaps = (caps: PortfolioCaps): SpendCaps => capsOf({ perType: caps.max_share_per_type, perCountry: caps.max_share_per_country, minRemoval: caps.min_removal_share })

/** The least cap (in ten-thousandths, at least `from`) with which the items can spend `goal`. */
function leastCapSpending(spend: readonly SpendItem[], caps: SpendCaps, field: 'perType' | 'perCountry', from: number, goal: number, budgetCents: number, slack: number): number {
  const reaches = (cap: number) => mostSpendable(spend, { ...caps, [field]: cap >= 1 ? null : cap }, budgetCents, slack) >= goal - 1
  let [low, high] = [from, 1]
  if (reaches(low)) return low
  for (let step = 0; step < 24 && high - low > 1e-5; step++) {
    const middle = (low + high) / 2
    if (reaches(middle)) high = middle
    else low = middle
  }
  return Math.min(1, Math.ceil(high * 10_000) / 10_000)
}

const capFields = [
  ['max_share_per_type', 'perType', 'project type', 'project types'],
  ['max_share_per_country', 'perCountry', 'country', 'countries'],
] as const

export const setByBrief = (brief: Brief, field: (typeof capFields)[number][0]) => brief[field] !== undefined

/**
 * How much the items spend within a cap (`now`, what the split took) and could without it, where lifting it would
 * spend more than a hundredth of the budget more (a cap that costs less is kept: diversification is worth that
 * much); null where it does not.
 */
function capCost(spend: readonly SpendItem[], caps: SpendCaps, key: 'perType' | 'perCountry', budgetCents: number, slack: number, now: number) {
  if (caps[key] === null) return null
  const lifted = mostSpendable(spend, { ...caps, [key]: null }, budgetCents, slack)
  return lifted > now + Math.max(1, budgetCents * 0.01) ? { now, lifted } : null
}

/** The caps a shortlist holds: per project type, then per country. */
export type CapField = (typeof capFields)[number][0]

/**
 * A cap whole tonnes cannot keep: at a small budget, or where it asks for nearly equal shares, rounding to whole
 * tonnes at these prices leaves no split that holds it, and the allocation would fall to nothing. Such a cap is
 * widened as little as whole tonnes need, whoever set it, and the notes say so (from what the brief asked, where the
 * groups the shortlist spans had widened it already: `asked`). As the defaults give way (`relaxDefaults`), the type
 * cap is weighed first with the country cap lifted, then the country cap beside it: weighed with the other as it
 * stood, a country cap that alone held the spend back made the type cap give way to 100% as well. Answers the caps
 * it widened. The flow holds a cap against a tonne of every project (`slack`), which can find no room where whole
 * tonnes have it: so a cap is widened only where whole tonnes split at it (`wholeSpend`, the split itself) spend
 * less too. A $50,000 removals brief was told its 40% type cap was "held to 48.34% for whole tonnes", where 68 t of
 * reforestation at $21.30 beside 10 t of biochar and 2 t of concrete held it to 39.7%.
 */
export function widenForWholeTonnes(
  spend: readonly SpendItem[],
  caps: PortfolioCaps,
  asked: PortfolioCaps,
  spans: Record<CapField, number>,
  relaxed: string[],
  budgetCents: number,
  slack: number,
  wholeSpend: (caps: SpendCaps) => number,
): Set<CapField> {
  const widened = new Set<CapField>()
  // Held with the removals' share asked, where the removals can take it at all: a type cap equal to the share of
  // the one removal type asks for an exact split too.
  const withShare = mostSpendable(spend, asSpendCaps(caps), budgetCents)
  const share = withShare > 0 ? caps.min_removal_share : 0
  const fractional = withShare > 0 ? withShare : mostSpendable(spend, { ...asSpendCaps(caps), minRemoval: 0 }, budgetCents)
  const goal = fractional - Math.max(1, budgetCents * 0.01)
  capFields.forEach(([field, key, named, several], i) => {
    const cap = caps[field]
    if (cap === null || cap >= 1) return
    const held = { ...asSpendCaps(caps), minRemoval: share }
    for (const [, later] of capFields.slice(i + 1)) held[later] = null
    if (mostSpendable(spend, held, budgetCents, slack) >= goal || wholeSpend(held) >= goal) return
    const needed = leastCapSpending(spend, held, key, cap, goal, budgetCents, slack)
    const from = asked[field]
    relaxed.push(
      from !== null && from !== cap
        ? `The shortlist spans only ${formatCount(spans[field], named, several)}, so no ${named} could be held to ${percent(from, 2)} of the spend, and whole tonnes at these prices cannot split it as evenly as ${percent(cap, 2)} each: each is held to ${percent(needed, 2)} instead.`
        : share > 0
          ? // Held with the removals' share, the few removals are what cannot be split that evenly, not a small spend.
            `Whole tonnes at these prices, with ${percent(share, 2)} of the spend on removals, cannot keep every ${named} within ${percent(cap, 2)}: each is held to ${percent(needed, 2)} instead.`
          : `Whole tonnes at these prices cannot keep every ${named} within ${percent(cap, 2)} of so small a spend: each is held to ${percent(needed, 2)} instead.`,
    )
    caps[field] = needed
    widened.add(field)
  })
  return widened
}

/**
 * The defaults give way as far as spending `goal` needs (what the caps the brief set allow, at the removals' share
 * as held): the type cap first, as low as it can stay with the country cap lifted, then the country cap, as low as
 * it can stay beside it. Each that gave way is said once, from its default to where it ended.
 */
export function relaxDefaults(brief: Brief, spend: readonly SpendItem[], caps: PortfolioCaps, relaxed: string[], budgetCents: number, slack: number, share: number, goal: number): void {
  const from = { ...caps }
  const enough = Math.max(1, budgetCents * 0.01)
  const defaults = capFields.filter(([field]) => !setByBrief(brief, field) && caps[field] !== null && caps[field] < 1)
  const at = (lifted: readonly (typeof capFields)[number][]) => {
    const held = { ...asSpendCaps(caps), minRemoval: share }
    for (const [, key] of lifted) held[key] = null
    return held
  }
  const now = mostSpendable(spend, at([]), budgetCents, slack)
  if (now >= goal - enough) return
  const target = Math.min(goal, mostSpendable(spend, at(defaults), budgetCents, slack))
  if (target <= now + enough) return
  defaults.forEach(([field, key], i) => {
    caps[field] = leastCapSpending(spend, at(defaults.slice(i + 1)), key, caps[field]!, target, budgetCents, slack)
  })
  const why = share > 0 && share === brief.min_removal_share ? `To give removals ${percent(share, 2)} of the spend, as the brief asks,` : 'To spend the budget,'
  const byDefault = capsFor(brief)
  for (const [field, , named] of capFields) {
    const [was, became] = [from[field], caps[field]]
    if (was === null || became === was) continue
    // A default whole tonnes widened already is named as both: "the default cap per project type (48.34%)" stood
    // beside a form and a table saying the default is 40%.
    const stood = byDefault[field] !== null && byDefault[field] !== was ? `${percent(byDefault[field]!, 2)}, held to ${percent(was, 2)} for whole tonnes` : percent(was, 2)
    relaxed.push(`${why} the default cap per ${named} (${stood}) is relaxed to ${percent(became ?? 1, 2)}: the shortlisted projects could not take the budget within it.`)
  }
}

/**
 * A cap the brief set holds; where it leaves a part of the budget unspent worth saying, the notes say what would meet
 * it. `spent`: what the split allocated within the caps, in whole tonnes. The flow's own most within them, which allows
 * each project a tonne's slack, found nothing spendable at a few thousand dollars where the split spent $2,105, and
 * the note read "can take $0 within it".
 */
export function bindingCaps(brief: Brief, spend: readonly SpendItem[], held: SpendCaps, relaxed: string[], budgetCents: number, slack: number, spent: number): void {
  for (const [field, key, named] of capFields) {
    const cost = setByBrief(brief, field) && held[key] !== null ? capCost(spend, held, key, budgetCents, slack, spent) : null
    if (cost === null || cost.now >= budgetCents * 0.95) continue
    const needed = leastCapSpending(spend, held, key, held[key]!, cost.lifted, budgetCents, slack)
    relaxed.push(
      `The brief's cap per ${named} (${percent(held[key]!, 2)}) binds: the shortlisted projects can take ${usd(cost.now)} within it, where a cap of ${percent(needed, 2)} would meet it with ${usd(cost.lifted)}.`,
    )
  }
}

