import type { Brief } from '../../api/contract/recommendations'
import { formatCount } from '../../lib/format'
import { coBenefitBit, type CandidatePool } from './pool'
import type { ShortlistAllocation } from './shortlist-spend'
import type { ShortlistSelection } from './select'
import { coBenefitsInWords } from '../../api/value-labels'

/**
 * What a brief's co-benefits did to its shortlist, where a buyer would not see it: a co-benefit no project that passes
 * the brief delivers (ticking "UN SDG 13" on a catalogue where none that sells credits lists it gave ten projects
 * each reading "Delivers none of the requested co-benefits", and nothing said why), and a shortlist of which fewer
 * than half deliver any, though those that deliver one rank first. Null where neither holds.
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
    // Projects that deliver a requested co-benefit rank first (`rankingOrder`): fewer than half the shortlist is one
    // of them only where few pass the brief, or the caps or the budget keep them out.
    const passing = formatCount(deliveringAny, 'project that passes', 'projects that pass')
    sentences.push(
      deliveringAny <= shortlisted
        ? `Only ${passing} the brief ${deliveringAny === 1 ? 'delivers' : 'deliver'} a requested co-benefit, and the shortlist holds ${deliveringAny === 1 ? 'it' : 'them all'}: the other places go to the best of the projects that deliver none.`
        : `${passing} the brief deliver a requested co-benefit, and ${shortlisted} of the ${funded.length} shortlisted do: they rank first, and the caps on a type's or a country's share, or the budget, leave the others out.`,
    )
  }
  return sentences.length > 0 ? sentences.join(' ') : null
}
