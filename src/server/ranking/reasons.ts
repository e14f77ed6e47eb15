import type { ScoreComponents } from '../../api/contract/recommendations'
import { labelNames } from '../../api/contract/vocabulary'
import type { Candidate } from './pool'
import { freshnessCredit, hoursSince } from '../catalogue/freshness'
import { coBenefitsOfType } from '../../api/co-benefits'
import { dollarsToTheCent as usd } from './whole-dollars'
import { coBenefitLabel, coBenefitsInWords } from '../../api/value-labels'
import { kindOf, type Finding } from '../quality/evidence'

/** What a price's median is of: the projects that pass the brief, or of them the removals, or the removals of a kind. */
export type PriceMatching = 'projects' | 'removals' | 'impermanent removals' | 'long-duration removals'

/** Plain-language reasons, one per component and notable fact, so a buyer can defend the ranking. */
export function reasonsFor(
  candidate: Candidate,
  components: ScoreComponents,
  /**
   * `matching`: what the median is of (`PriceMatching`); `priceRange`: the cheapest and dearest price passing the brief,
   * between which price fit places a price.
   */
  context: { wanted: readonly string[]; medianPrice: number | null; matching: PriceMatching; priceRange: { min: number; max: number }; now: number },
): string[] {
  const reasons: string[] = []
  reasons.push(
    candidate.qualityScore === null
      ? 'No quality signals known yet, so quality counts as zero.'
      : `Quality grade ${candidate.qualityGrade} (${candidate.qualityScore.toFixed(1)} of 100).`,
  )
  if (components.co_benefits !== null) {
    const delivered = new Set(candidate.coBenefits)
    const met = context.wanted.filter((w) => delivered.has(w))
    const lacking = context.wanted.filter((w) => !delivered.has(w))
    // A co-benefit its type gives is read from the type, not from a label or SDG the project lists: said so, since
    // its page lists only what the project itself lists.
    const ofType = new Set<string>(coBenefitsOfType(candidate.type))
    const byType = context.wanted.filter((w) => delivered.has(w) && ofType.has(w)).map(coBenefitLabel)
    const why = byType.length > 0 ? ` (${byType.join(' and ')} as ${candidate.type} projects deliver by their type)` : ''
    reasons.push(
      met.length === 0
        ? `Delivers none of the requested co-benefits (${coBenefitsInWords(lacking)}).`
        : `Delivers ${met.length} of ${context.wanted.length} requested co-benefits: ${coBenefitsInWords(met)}${why}${lacking.length ? `; not ${coBenefitsInWords(lacking)}` : ''}.`,
    )
  }
  const price = candidate.price.value
  const median = context.medianPrice
  // An estimate says it is one in the sentence itself, so a reason copied elsewhere keeps it.
  const stated = candidate.price.basis === 'estimate' ? `An estimated ${usd(price)}/tCO2e (no quote)` : `${usd(price)}/tCO2e`
  const difference = median === null ? 0 : Math.round(((price - median) / median) * 100)
  const againstMedian =
    median === null
      ? `${stated}; too few ${context.matching} pass the brief to weigh it against their median`
      : difference === 0
        ? `${stated}, at the median of matching ${context.matching}`
        : `${stated}, ${Math.abs(difference)}% ${difference < 0 ? 'below' : 'above'} the median of matching ${context.matching} (${usd(median)})`
  // Price fit is where the price stands between the brief's cheapest and dearest, not against the median: the same
  // "50% below the median ($11.00)" scored 81% in one brief and 57% in another, whose dearest was cheaper. The range
  // says why.
  // At either end the range says so: "between the cheapest and dearest" read oddly beside the cheapest's 100%.
  const { min, max } = context.priceRange
  const where = price <= min ? 'is full: it is the cheapest of' : price >= max ? 'is nil: it is the dearest of' : 'places it between the cheapest and dearest of'
  reasons.push(max > min ? `${againstMedian}; price fit ${where} the projects passing the brief, ${usd(min)} to ${usd(max)}.` : `${againstMedian}.`)
  // Overdue data is said once for the whole shortlist (explain.ts), with what to do about it, not on every item.
  const stale = candidate.cells.filter((c) => freshnessCredit(hoursSince(c.lastSuccess, context.now), c.cadenceHours) < 1)
  if (candidate.cells.length === 0) reasons.push('No source has reported on this project, so its data cannot be called fresh.')
  else if (stale.length === 0) reasons.push(`Data fresh from all ${candidate.cells.length} sources that cover it.`)
  const against = evidenceAgainst(candidate)
  if (against) reasons.push(against)
  if (candidate.labels.includes(labelNames.ccp)) reasons.push('Approved under the ICVCM Core Carbon Principles (CCP).')
  if (candidate.labels.some((l) => l.startsWith('CORSIA'))) reasons.push('CORSIA-eligible units.')
  return reasons
}

const signalNames = { additionality: 'additionality', over_crediting: 'over-crediting', leakage: 'leakage' } as const

/**
 * The published finding on its kind that counts most against it, where one does (a value under one half), and its
 * own CCP label does not answer it (the label answers additionality and over-crediting, as the rating raises them): a committee reads it beside the grade it lowers. Wind's ten reasons said only
 * "Quality grade B" and a price, where its page says wind showed no significant reductions; cookstoves' never
 * spoke of the tenfold over-crediting. The finding's own opening words name its kind, which the sentence names.
 */
function evidenceAgainst(candidate: Candidate): string | null {
  const kind = kindOf(candidate.type)
  if (!kind) return null
  // The CCP label answers what its methodology was assessed on, additionality and quantification; not leakage.
  const ccp = candidate.labels.includes(labelNames.ccp)
  const findings = (Object.keys(signalNames) as (keyof typeof signalNames)[])
    .filter((signal) => !ccp || signal === 'leakage')
    .flatMap((signal) => (kind[signal] ? [{ signal, finding: kind[signal] as Finding }] : []))
    .filter(({ finding }) => finding.value < 0.5)
    .sort((a, b) => a.finding.value - b.finding.value)
  if (findings.length === 0) return null
  const [{ signal, finding }] = findings
  const says = finding.says.replace(/^[^:(]{1,40}: /, '')
  return `Evidence on ${candidate.type} projects counts against it (${signalNames[signal]}): ${says}.`
}
