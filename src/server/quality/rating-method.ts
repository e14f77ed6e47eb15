import type { RatingFinding, RatingMethod, RatingRule } from '../../api/contract/rating-method'
import type { QualitySignalKey } from '../../api/contract/projects'
import { citationList, type CitationId } from '../core/citations'
import { priceMethodDocument } from '../pricing/price-method'
import { gradeThresholds } from './composite'
import { projectKinds, type Finding } from './evidence'
import { signalDefinitions } from './signals'
import { unknownRiskValue } from './unknown-risk'
import { ratingVersion } from '../core/method-versions'

/** The evidence-backed values of one signal, a row per kind of project, from the table the rules use. */
const findingsFor = (key: 'additionality' | 'over_crediting' | 'leakage'): RatingFinding[] =>
  projectKinds
    .filter((kind) => kind[key])
    .map((kind) => {
      const finding = kind[key] as Finding
      return {
        kind: kind.name,
        covers: kind.types.join(', '),
        types: [...kind.types],
        value: finding.value,
        says: finding.says,
        citations: [...finding.citations],
      }
    })

const unknown = (key: QualitySignalKey) => unknownRiskValue[key].toFixed(2)
const rule = (text: string, ...citations: CitationId[]): RatingRule => ({ text, citations })

/** The rest of each signal's rules in sentences, written beside the code they describe (rules.ts). */
const rules: Record<QualitySignalKey, RatingRule[]> = {
  additionality: [
    rule(
      'A project carrying the "ICVCM CCP-Approved" label rates at least 0.75: its methodology passed the CCP additionality test.',
      'icvcm-2023-framework',
      'icvcm-2024-ccp',
    ),
    rule(`Any other kind of project has no published finding to rate it by, so the signal is missing and counts at ${unknown('additionality')}, the lowest finding.`),
  ],
  over_crediting: [
    rule('A project carrying the "ICVCM CCP-Approved" label rates at least 0.70.', 'icvcm-2023-framework', 'icvcm-2024-ccp'),
    rule(`Any other kind of project: missing, counted at ${unknown('over_crediting')}, the lowest finding.`),
  ],
  leakage: [
    rule(`Other forestry, land use and agriculture projects: missing, counted at ${unknown('leakage')}, the lowest finding.`),
    rule('Every other project rates 0.90: the emission source is treated where it is.'),
  ],
  permanence: [
    rule('A long-duration removal rates 0.90.', 'icvcm-2023-framework'),
    rule(
      "Forestry and land use, or any impermanent removal: 0.30, plus the buffer pool's share of issuance, up to 0.25 more.",
      'anderegg-2020',
      'badgley-2022-buffer',
    ),
    rule("Agriculture mixing reductions and soil removals: 0.40, plus the buffer pool's share, up to 0.25 more."),
    rule('Every other reduction rates 0.95: avoided or destroyed emissions cannot be reversed.'),
  ],
  mrv: [
    rule(
      'Counted in years from the last year with credits issued to the year the data describes: within a year 0.90, two years 0.75, three 0.60, four or five 0.45, six to ten 0.30, more 0.15.',
      'vrod',
    ),
    rule('No credits issued yet: 0.20, or 0.10 when registered more than three years before the data.'),
    rule(`Credits issued but no yearly series known: missing, counted at ${unknown('mrv')}, the lowest value.`),
    rule("The years count from the data's own year, not from today, so two reads of the same data give the same rating."),
  ],
  co_benefits: [
    rule('0.20, plus 0.30 with any CCB label and 0.08 for each CCB Gold distinction beyond the first.', 'ccb-standards'),
    rule('Plus 0.15 with the Social Carbon label, and 0.04 for each UN SDG listed beyond the first, at most six.'),
    rule('At most 1.00.'),
  ],
  governance: [
    rule('By registry status: registered 0.70, completed 0.65, pipeline 0.45, inactive 0.25.'),
    rule('Plus 0.20 with an "Article 6 Authorized" label: a corresponding adjustment keeps the reduction counted once.', 'unfccc-article-6'),
  ],
  labels: [
    rule('ICVCM CCP-Approved: 0.90, or 0.95 when also eligible for CORSIA\'s first phase.', 'icvcm-2024-ccp'),
    rule("Otherwise CORSIA's first phase 0.70, its pilot phase 0.55, no label 0.20.", 'icao-corsia'),
  ],
}

const findings: Partial<Record<QualitySignalKey, RatingFinding[]>> = {
  additionality: findingsFor('additionality'),
  over_crediting: findingsFor('over_crediting'),
  leakage: findingsFor('leakage'),
}

export const ratingMethodDocument: RatingMethod = {
  object: 'rating_method',
  version: ratingVersion,
  description:
    "Each quality signal is computed from public facts about the project (Berkeley's VROD fields: type, methodology, scope, " +
    'reduction or removal, labels, buffer pool deposits, registration, yearly issuances) and published evidence about its ' +
    'kind of project, recognised by its exact type; no value is drawn at random. A signal no fact supports is missing, and ' +
    'counts as unknown risk.',
  points:
    'A signal has a value from 0 (high risk) to 1 (low risk) and a weight; it adds 100 × weight × value points, and the points ' +
    'add up to the score out of 100: a signal of weight 22% and value 0.70 adds 15.4 points. A signal no fact or finding ' +
    'supports is missing and counts at the lowest value its rules give (its unknown value): not knowing is a risk, so a ' +
    'project we know less about never outranks one whose known risk is no worse. The breakdown says what share of the weight ' +
    'evidence backs.',
  grades: [...gradeThresholds.map(([min_score, grade]) => ({ grade, min_score })), { grade: 'D', min_score: 0 }],
  signals: signalDefinitions.map((d) => ({
    key: d.key,
    label: d.label,
    weight: d.weight,
    description: d.description,
    unknown_value: unknownRiskValue[d.key],
    findings: findings[d.key] ?? [],
    rules: rules[d.key],
  })),
  prices: priceMethodDocument,
  citations: citationList,
}
