import type { Brief } from '../../api/contract/recommendations'
import { percent } from '../core/percent'
import { formatCount } from '../../lib/format'
import { coBenefitBit, type CandidatePool } from './pool'
import { rankingWeights } from './ranking-method'
import type { ShortlistAllocation } from './shortlist-spend'
import type { ShortlistSelection } from './select'
import { coBenefitsInWords } from '../../api/value-labels'

/**
 * What a brief's co-benefits did to its shortlist, where a buyer would not see it: a co-benefit no project that passes
 * the brief delivers (ticking "UN SDG 13" on a catalogue where none that sells credits lists it gave ten projects
 * each reading "Delivers none of the requested co-benefits", and nothing said why), and a shortlist of which fewer
 * than half deliver any, since a co-benefit weighs a quarter of the score. Null where neither holds.
 */
export function coBenefitNote(pool: CandidatePool, brief: Brief, selected: ShortlistSelection, spend: ShortlistAllocation): string | null {
  const wanted: string[] = [...new Set(brief.co_benefits ?? [])]
  if (wanted.length === 0 || selected.chosen.length === 0) return null
  const { positions } = selected
  const bits = wanted.map((value) => coBenefitBit.get(value) ?? 0)
  // The brief's co-benefits as the score reads them (`wantedCoBenefits`), all at once.
  const all = selected.scoring.wanted.bits
  const deliveredBy = bits.map(() => 0)
  let deliveringAny = 0
  for (const position of positions) {
    const delivered = pool.coBenefits[position]
    if ((delivered & all) !== 0) deliveringAny++
    bits.forEach((bit, i) => (deliveredBy[i] += (delivered & bit) !== 0 ? 1 : 0))
  }
  const sentences: string[] = []
  const none = wanted.filter((_, i) => deliveredBy[i] === 0)
  if (none.length > 0) sentences.push(`No project that passes the brief delivers ${coBenefitsInWords(none)}.`)
  const funded = selected.chosen.filter((_, i) => spend.allocation[i].tonnes > 0)
  const shortlisted = funded.filter((candidate) => candidate.coBenefits.some((value) => wanted.includes(value))).length
  if (deliveringAny > 0 && shortlisted * 2 < funded.length) {
    const weights = `co-benefits weigh ${percent(rankingWeights.co_benefits)} of the score, beside quality (${percent(rankingWeights.quality)}), price fit (${percent(rankingWeights.price_fit)}) and freshness (${percent(rankingWeights.freshness)})`
    sentences.push(
      `${formatCount(deliveringAny, 'project that passes', 'projects that pass')} the brief ${deliveringAny === 1 ? 'delivers' : 'deliver'} a requested co-benefit, and ${shortlisted} of the ${funded.length} shortlisted ${shortlisted === 1 ? 'does' : 'do'}: ${weights}, so projects that deliver none but rate higher on quality or price can rank above them.`,
    )
  }
  return sentences.length > 0 ? sentences.join(' ') : null
}
