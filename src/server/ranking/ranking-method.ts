/**
 * credence-rank/11, the documented ranking method: credence-rank/10 with a project two registries list held once in
 * a shortlist (one compliance id), and no cap widened for whole tonnes that whole tonnes themselves keep (the flow
 * weighs a cap against a tonne of every project, which can find no room where the split has it).
 * credence-rank/10: credence-rank/9 with the brief's share of removals held whatever
 * it costs the spend (removals too few for it no longer leave the rest to reductions: the budget is left unspent,
 * and a note says what would spend it), each allocation buying its newest vintages first, and each item's reasons
 * naming the published finding that counts most against its kind.
 * credence-rank/9: credence-rank/8 with a brief's co-benefits wanted, not only weighed:
 * a project that delivers one of them ranks above every one that delivers none (`rankingOrder`, select.ts).
 * credence-rank/8: credence-rank/7 with the caps whole tonnes cannot keep widened
 * one at a time, the type cap with the country cap lifted and the country cap beside it, so a cap that binds alone
 * is the only one widened. credence-rank/7: credence-rank/6 with a removals-only brief's places all given to
 * removals wherever any remain (past their type's share of the places before any reduction, which the budget would
 * give nothing), and the removals it brings in ranked among removals. credence-rank/6: credence-rank/5 with freshness counted per thing the sources tell
 * (a project's credits, its price), each as fresh as the freshest source telling it, so a newer source of a project's
 * credits never makes it less fresh (`freshnessAt`, score.ts). credence-rank/5: credence-rank/4 spending what it can (the most the shortlist can
 * take within the caps is worked out before the split; a default cap gives way where the budget or the brief's removal
 * share need it, a cap the brief set holds; a shortlist of the default size grows, up to 50, where its projects hold
 * too few credits; the notes name what the brief set that binds, and what would meet it). credence-rank/4 is
 * credence-rank/3's score and diversified portfolio (prices that
 * say what they are: a buyer's live quote, else the open reference estimate, credence-price/5; no more of a quoted
 * project than its quote sells), buying vintages: the brief's minimum vintage applies to the credits bought, and
 * each allocation lists the vintages it buys (oldest allowed first until /10), within what remains of each. Hard filters
 * decide who may be ranked at all; the score is a weighted mean of four components in [0, 1]. A component the
 * brief does not ask for (co-benefits) is left out and the other weights are renormalised, so a brief without
 * co-benefits is not ranked on them.
 */

export const rankingWeights = { quality: 0.45, co_benefits: 0.25, price_fit: 0.2, freshness: 0.1 } as const

/**
 * The weights a brief's score counts, summed, which its weighted sum is divided by: co-benefits' only where the brief
 * asks for some, so without them theirs is shared among the others in proportion. Added in the order `score.ts` adds
 * the weighted components, so both ways of scoring divide by the same number to the last bit.
 */
export function countedWeight(coBenefitsAsked: boolean): number {
  const w = rankingWeights
  const others = w.quality + w.price_fit + w.freshness
  return coBenefitsAsked ? others + w.co_benefits : others
}

/**
 * The weights a brief's scores are worked out by (`countedWeight`). What the shortlist page shows, so a score can be
 * worked out again from its parts.
 */
export function appliedWeights(coBenefitsAsked: boolean): Record<keyof typeof rankingWeights, number> {
  const counted = countedWeight(coBenefitsAsked)
  return {
    quality: rankingWeights.quality / counted,
    co_benefits: coBenefitsAsked ? rankingWeights.co_benefits : 0,
    price_fit: rankingWeights.price_fit / counted,
    freshness: rankingWeights.freshness / counted,
  }
}

export const hardFilters = [
  'Status is registered or completed (pipeline and inactive projects cannot deliver credits now)',
  'Credits remaining above zero',
  'A price (a live quote, else the reference estimate), no higher than the whole budget',
  'Type and region equal to the brief\'s when given',
  'Approach when given: nature-based (forestry and land use, agriculture, by the project\'s scope) or technology-based (every other scope)',
  'Credits on sale of the brief\'s minimum vintage or later when given (credits no source counts by vintage pass when the project\'s first vintage does)',
]

export const rankingDescription =
  'Hard filters first; then each candidate scores a weighted mean of quality (the composite quality score), ' +
  'co-benefit match (share of requested co-benefits the project delivers), price fit (cheaper within the ' +
  'candidates, on a log scale) and data freshness (what the project\'s sources tell, its credits and its price, each as fresh as the freshest source telling it: full within that source\'s cadence, nothing at four cadences; the open rating, worked out from those sources\' facts, has no cadence of its own). ' +
  'Where the brief asks for co-benefits, a project that delivers at least one of them ranks above every project that delivers none, and the score orders each of the two. ' +
  'Ties go to the higher quality score, then the registry key. The budget is split across the shortlist in ' +
  'proportion to score, in whole tonnes, capped by the credits remaining of the vintages the brief allows and by a quote\'s quantity; what is left goes down the ranking. ' +
  'Each allocation buys its newest vintages first (one price a project: the newest is worth most to a buyer, and the minimum vintage keeps older ones out), within what remains of each. ' +
  'The shortlist is a diversified portfolio: by default no project type takes more than 40% of the allocated ' +
  'budget and no country more than 50% (the type cap is lifted when the brief names a type, the country cap when ' +
  'it names a region); the brief can set both caps and a minimum share of removals. Projects are taken in score ' +
  'order unless their type or country already holds its share of the places (a brief asking for removals only ' +
  'fills every place with a removal while any remain, past its type\'s share of the places if need be); the money is then trimmed from the ' +
  'lowest-ranked projects of a group above its cap, and the rest goes down the ranking within the caps. ' +
  'Briefs spend what they can: the most the shortlist can take within the caps is found first (a flow of money ' +
  'through types and countries), and the split reaches it in whole tonnes. A default cap gives way as far as the ' +
  'budget and the brief\'s removal share need; a cap the brief set holds; so does the removals\' share: where removals ' +
  'cannot take it, the budget is spent only as far as they keep it, and the rest is left. A shortlist of the default size grows, up to 50 projects, while its projects hold too few ' +
  'credits for the budget. Where money is still left, the notes name what the brief set that binds, and what would meet it.'

