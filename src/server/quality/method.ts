import type { RatingMethod } from '../../api/contract/rating-method'
import type { QualitySignalKey } from '../../api/contract/projects'
import { citationList } from './citations'
import { projectKinds, type Finding } from './evidence'
import { ratingVersion } from './rules'
import { signalDefinitions } from './signals'

const findingRules = (key: 'additionality' | 'over_crediting' | 'leakage') =>
  projectKinds
    .filter((kind) => kind[key])
    .map((kind) => {
      const finding = kind[key] as Finding
      return `${kind.name} (type matching ${kind.matches.source}): ${finding.value.toFixed(2)}, ${finding.says} [${finding.citations.join(', ')}]`
    })

/** Rules in words, written beside the code they describe (rules.ts, evidence.ts) and built from its tables. */
const rules: Record<QualitySignalKey, string[]> = {
  additionality: [
    ...findingRules('additionality'),
    'Carrying the "ICVCM CCP-Approved" label: at least 0.75, its methodology having passed the CCP additionality test [icvcm-2023-framework, icvcm-2024-ccp]',
    'Any other kind: missing (no published finding to rate it by)',
  ],
  over_crediting: [
    ...findingRules('over_crediting'),
    'Carrying the "ICVCM CCP-Approved" label: at least 0.70 [icvcm-2023-framework, icvcm-2024-ccp]',
    'Any other kind: missing',
  ],
  leakage: [
    ...findingRules('leakage'),
    'Other Forestry & Land Use or Agriculture projects: missing',
    'Every other scope: 0.90, the emission source is treated where it is',
  ],
  permanence: [
    'Long-duration removal: 0.90 [icvcm-2023-framework]',
    'Forestry & Land Use, or an impermanent removal: 0.30 plus the buffer pool\'s share of issuance, at most 0.25 more [anderegg-2020, badgley-2022-buffer]',
    'Agriculture mixing reductions and soil removals: 0.40 plus the buffer pool\'s share, at most 0.25 more',
    'Every other reduction: 0.95, avoided or destroyed emissions cannot be reversed',
  ],
  mrv: [
    'Years from the last year with credits issued (Berkeley\'s issuances by year) to the year the data describes: 0–1 → 0.90, 2 → 0.75, 3 → 0.60, 4–5 → 0.45, 6–10 → 0.30, more → 0.15 [vrod]',
    'No credits issued: 0.20, or 0.10 when registered more than 3 years before the data',
    'Credits issued but no yearly series known: missing',
    '"Years ago" count from the data\'s year (the last year its yearly series report), not from today, so a rating does not change between two reads of the same data',
  ],
  co_benefits: [
    '0.20, plus 0.30 with any CCB label and 0.08 for each CCB Gold distinction beyond the first [ccb-standards]',
    'Plus 0.15 with the Social Carbon label; plus 0.04 for each UN SDG listed beyond the first, at most six',
    'Capped at 1.00',
  ],
  governance: [
    'Registry status: registered 0.70, completed 0.65, pipeline 0.45, inactive 0.25',
    'Plus 0.20 with an "Article 6 Authorized" label: a corresponding adjustment keeps the reduction counted once [unfccc-article-6]',
  ],
  labels: [
    'ICVCM CCP-Approved 0.90 (0.95 with CORSIA first-phase eligibility) [icvcm-2024-ccp]',
    'Otherwise CORSIA first phase 0.70, CORSIA pilot phase 0.55, none 0.20 [icao-corsia]',
  ],
}

export const ratingMethodDocument: RatingMethod = {
  object: 'rating_method',
  version: ratingVersion,
  description:
    'Each quality signal is computed from public facts about the project (Berkeley\'s VROD fields: type, methodology, scope, ' +
    'reduction or removal, labels, buffer pool deposits, registration, yearly issuances) and published evidence about its ' +
    'kind of project; no value is drawn at random. A signal no fact supports is missing, and the composite is the weighted ' +
    'mean of the present signals, renormalised by their weights. Grades: AAA ≥ 85, AA ≥ 75, A ≥ 65, BBB ≥ 55, BB ≥ 45, ' +
    'B ≥ 35, C ≥ 25, else D.',
  signals: signalDefinitions.map((d) => ({ key: d.key, label: d.label, weight: d.weight, description: d.description, rules: rules[d.key] })),
  citations: citationList,
}
