import type { QualitySignalKey, SignalFact } from '../../api/contract/projects'
import type { NewQualitySignal } from '../db/schema'
import { ratingSourceName } from '../sources/rating-source'
import type { CitationId } from '../core/citations'
import { kindOf, type Finding } from './evidence'
import { lookup } from '../../lib/lookup'
import { percent } from '../core/percent'

/**
 * The open rating, credence-rating/6 (/5 with renewable power and heat named as the ICVCM's decision names them,
 * biomass heat and geothermal heat with grid power, and the labels a registry's records carry read as the project's;
 * /5: /4 with the status a registry's listing newer than Berkeley's count gives, an
 * issuance after the data's year said so, and the labels signal naming the credits' labels; /3 with what a
 * registry's records issued into its buffer pool counted as the project's buffer deposits): every signal is computed from public facts about a project (Berkeley's
 * fields) and the published evidence about its kind of project. No draw, no noise: the same facts give the
 * same rating, and each signal lists the facts and citations it used.
 */

/** What the rules read of a project; a generated row, an imported one and one read back from the database fit. */
export interface RatedProject {
  id: string
  registry: string
  status: string
  scope: string
  type: string
  reduction_removal: string
  methodology?: string | null
  issued: number | string
  buffer: number | string
  labels: readonly string[]
  sdgs: readonly number[]
  registered_at?: string | null
  /**
   * Credits issued by calendar year of issuance (Berkeley's fourth block). Absent when the data holds no
   * yearly series for the project, which leaves the MRV signal to the other facts or missing.
   */
  issuances?: readonly { year: number; issued: number }[]
}

/**
 * `asOfYear` is the year the data describes (the last year of Berkeley's yearly columns), not today's year:
 * a rating must not change because a day passed between two reads of the same data.
 */
export interface RatingContext {
  ratedAt: Date
  asOfYear: number
}

export interface SignalDraft {
  key: QualitySignalKey
  value: number
  evidence: string
  facts: SignalFact[]
  citations: CitationId[]
}

const ccpLabel = 'ICVCM CCP-Approved'
const isCorsiaFirst = (label: string) => /^CORSIA\b.*First Phase/i.test(label)
const isCorsiaPilot = (label: string) => /^CORSIA\b.*Pilot/i.test(label)
const isArticle6 = (label: string) => /^Article 6 Authori[sz]ed/i.test(label)
const isCcb = (label: string) => label.startsWith('CCB-')

const round2 = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Rates one project; a signal no fact supports is left out (reported missing), never filled in. */
export function rateProject(project: RatedProject, context: RatingContext): NewQualitySignal[] {
  return rateSignals(project, context.asOfYear).map((draft) => toSignal(project, draft, context.ratedAt))
}

/**
 * The registry-status signal alone: it reads the project's status, labels and registry, nothing its other signals
 * read, so a project whose status changed since it was rated is rated again on it alone (`rerateChangedStatuses`).
 */
export function rateStatus(project: RatedProject, ratedAt: Date): NewQualitySignal {
  return toSignal(project, governance(project), ratedAt)
}

/** The labels signal alone, to tell whether a project's labels read otherwise than when it was rated (`rerateChangedLabels`). */
export function rateLabels(project: RatedProject, ratedAt: Date): NewQualitySignal {
  return toSignal(project, labels(project), ratedAt)
}

/** The co-benefits signal alone, to tell whether a project's UN SDGs or labels read otherwise than when it was rated (`rerateChangedLabels`). */
export function rateCoBenefits(project: RatedProject, ratedAt: Date): NewQualitySignal {
  return toSignal(project, coBenefits(project), ratedAt)
}

const toSignal = (project: RatedProject, draft: SignalDraft, ratedAt: Date): NewQualitySignal => ({
  project_id: project.id,
  signal: draft.key,
  value: draft.value,
  source: ratingSourceName,
  as_of: ratedAt.toISOString(),
  evidence: draft.evidence,
  facts: draft.facts,
  citations: draft.citations,
})

export function rateSignals(project: RatedProject, asOfYear: number): SignalDraft[] {
  const drafts = [
    additionality(project),
    overCrediting(project),
    leakage(project),
    permanence(project),
    mrv(project, asOfYear),
    coBenefits(project),
    governance(project),
    labels(project),
  ]
  return drafts.filter((d): d is SignalDraft => d !== null)
}

const typeFact = (p: RatedProject): SignalFact => ({ name: 'type', value: p.type })

/** A kind's finding, raised to the CCP floor when the project's own methodology carries the ICVCM label. */
function fromFinding(key: QualitySignalKey, p: RatedProject, finding: Finding | undefined, ccpFloor: number, ccpSays: string): SignalDraft | null {
  const ccp = p.labels.includes(ccpLabel)
  const facts: SignalFact[] = [typeFact(p)]
  if (p.methodology) facts.push({ name: 'methodology', value: p.methodology })
  if (ccp) facts.push({ name: 'label', value: ccpLabel })
  if (ccp && (!finding || finding.value < ccpFloor)) {
    const citations: CitationId[] = ['icvcm-2023-framework', 'icvcm-2024-ccp', ...(finding?.citations ?? [])]
    const evidence = finding
      ? `${capitalise(ccpSays)}, above what the evidence on its kind suggests (${finding.says})`
      : capitalise(ccpSays)
    return { key, value: ccpFloor, evidence, facts, citations: [...new Set(citations)] }
  }
  if (!finding) return null
  return { key, value: round2(finding.value), evidence: capitalise(finding.says), facts, citations: [...finding.citations] }
}

function additionality(p: RatedProject): SignalDraft | null {
  return fromFinding('additionality', p, kindOf(p.type)?.additionality, 0.75, 'ICVCM CCP-Approved: its methodology passed the CCP additionality test')
}

function overCrediting(p: RatedProject): SignalDraft | null {
  return fromFinding('over_crediting', p, kindOf(p.type)?.over_crediting, 0.7, 'ICVCM CCP-Approved: its methodology passed the CCP test of robust quantification')
}

const landScopes = new Set(['Forestry & Land Use', 'Agriculture'])
/** The scope of a project whose type no rule maps (importers/vocabulary): nothing is read from it. */
const unknownScope = 'Unknown'

function leakage(p: RatedProject): SignalDraft | null {
  const finding = kindOf(p.type)?.leakage
  if (finding) return { key: 'leakage', value: round2(finding.value), evidence: capitalise(finding.says), facts: [typeFact(p)], citations: [...finding.citations] }
  // Land-based activities can move elsewhere; without a finding for the kind, no value is given. Nor is one where
  // the scope is not known (a registry's listing no rule of the vocabulary maps): where the activity is, is not known.
  if (landScopes.has(p.scope) || p.scope === unknownScope) return null
  return {
    key: 'leakage',
    value: 0.9,
    evidence: `${p.scope}: the emission source is treated where it is, so there is no pathway for the activity to move elsewhere`,
    facts: [{ name: 'scope', value: p.scope }, typeFact(p)],
    citations: [],
  }
}

function permanence(p: RatedProject): SignalDraft | null {
  const issued = Number(p.issued) || 0
  const buffer = Number(p.buffer) || 0
  const facts: SignalFact[] = [{ name: 'scope', value: p.scope }, { name: 'reduction or removal', value: p.reduction_removal }]
  if (p.reduction_removal === 'long_duration_removal') {
    return { key: 'permanence', value: 0.9, evidence: 'Long-duration removal: carbon stored in geological or mineral form', facts, citations: ['icvcm-2023-framework'] }
  }
  // A listing of no known type says nothing of whether what it credits can be reversed: the signal is missing.
  if (p.scope === unknownScope && p.reduction_removal !== 'impermanent_removal') return null
  const stored = p.reduction_removal === 'impermanent_removal' || p.scope === 'Forestry & Land Use' || (p.scope === 'Agriculture' && p.reduction_removal === 'mixed')
  if (!stored) {
    return { key: 'permanence', value: 0.95, evidence: 'Avoided or destroyed emissions cannot be reversed once achieved', facts, citations: ['icvcm-2023-framework'] }
  }
  // Stored carbon can return (fire, pests, harvest, ploughing); the buffer pool insures part of it.
  const base = p.scope === 'Forestry & Land Use' ? 0.3 : 0.4
  const share = issued > 0 ? Math.max(0, buffer / issued) : 0
  facts.push(issued > 0 ? { name: 'buffer pool', value: `${percent(share)} of issuance` } : { name: 'buffer pool', value: 'no credits issued yet' })
  const bonus = Math.min(0.25, share)
  const what = p.scope === 'Forestry & Land Use' ? 'Forest and land carbon can be reversed by fire, drought, pests and land-use change' : 'Soil carbon is lost if the practice stops'
  const cover = issued > 0 ? `buffer pool ${percent(share)} of issuance` : 'no buffer deposits yet'
  return {
    key: 'permanence',
    value: round2(base + bonus),
    evidence: `${what} (Anderegg et al. 2020); ${cover}, and buffers have proved undercapitalised (Badgley et al. 2022)`,
    facts,
    citations: ['anderegg-2020', 'badgley-2022-buffer', 'vrod'],
  }
}

/** Value of monitoring by years since the last issuance: verification is as recent as the last credits issued. */
export function mrvValueForAge(years: number): number {
  if (years <= 1) return 0.9
  if (years === 2) return 0.75
  if (years === 3) return 0.6
  if (years <= 5) return 0.45
  if (years <= 10) return 0.3
  return 0.15
}

const yearOf = (date: string | null | undefined) => {
  const year = date ? Number.parseInt(date.slice(0, 4), 10) : Number.NaN
  return Number.isFinite(year) && year > 1900 ? year : null
}

function mrv(p: RatedProject, asOfYear: number): SignalDraft | null {
  const issuedYears = (p.issuances ?? []).filter((i) => i.issued > 0).map((i) => i.year)
  if (issuedYears.length > 0) {
    const last = Math.max(...issuedYears)
    const age = Math.max(0, asOfYear - last)
    const facts: SignalFact[] = [
      // Years go as text: they are names of years, not quantities to print with separators.
      { name: 'last issuance', value: String(last) },
      { name: 'years since last issuance', value: age },
      { name: 'years with issuances', value: issuedYears.length },
      { name: 'data as of', value: String(asOfYear) },
    ]
    // A registry's records can be newer than the yearly series that date the data: such an issuance is after it.
    const ago =
      last > asOfYear ? `after the data (${asOfYear})` : age === 0 ? 'in the year of the data' : `${age} year${age === 1 ? '' : 's'} before the data (${asOfYear})`
    return {
      key: 'mrv',
      value: mrvValueForAge(age),
      evidence: `Last issuance ${last}, ${ago}; issuances in ${issuedYears.length} year${issuedYears.length === 1 ? '' : 's'}. Monitoring is as recent as the last verified issuance`,
      facts,
      citations: ['vrod'],
    }
  }
  if (p.issuances === undefined && Number(p.issued) > 0) return null
  // Nothing issued: verification has not happened yet, or not for a long time after registration.
  const registered = yearOf(p.registered_at)
  const facts: SignalFact[] = [{ name: 'credits issued', value: 0 }, { name: 'status', value: p.status }]
  if (registered !== null) facts.push({ name: 'registered', value: String(registered) })
  const waited = registered !== null ? Math.max(0, asOfYear - registered) : null
  return {
    key: 'mrv',
    value: waited !== null && waited > 3 ? 0.1 : 0.2,
    evidence:
      waited !== null
        ? `No credits issued, ${waited} year${waited === 1 ? '' : 's'} after registration in ${registered}: no verification yet`
        : 'No credits issued: no verification yet',
    facts,
    citations: ['vrod'],
  }
}

function coBenefits(p: RatedProject): SignalDraft {
  const ccb = p.labels.filter(isCcb)
  const golds = ccb.filter((l) => /Gold/i.test(l)).length
  const social = p.labels.includes('Social Carbon')
  const sdgs = [...p.sdgs].sort((a, b) => a - b)
  let value = 0.2
  if (ccb.length > 0) value += 0.3 + 0.08 * Math.max(0, golds - 1)
  if (social) value += 0.15
  value += 0.04 * Math.min(6, Math.max(0, sdgs.length - 1))
  const facts: SignalFact[] = [{ name: 'co-benefit labels', value: [...ccb, ...(social ? ['Social Carbon'] : [])].join('; ') || 'none' }]
  if (sdgs.length > 0) facts.push({ name: 'UN SDGs listed', value: sdgs.join(', ') })
  const parts = [...ccb, ...(social ? ['Social Carbon'] : [])]
  if (sdgs.length > 0) parts.push(`lists UN SDGs ${sdgs.join(', ')}`)
  return {
    key: 'co_benefits',
    value: round2(value),
    evidence: parts.length > 0 ? `${capitalise(parts.join('; '))}: benefits beyond carbon certified or declared` : 'No co-benefit certification or SDG listing',
    facts,
    citations: ccb.length > 0 ? ['ccb-standards', 'vrod'] : ['vrod'],
  }
}

const statusValue: Record<string, [value: number, wording: string]> = {
  registered: [0.7, 'Registered'],
  completed: [0.65, 'Crediting completed'],
  pipeline: [0.45, 'Still in validation'],
  inactive: [0.25, 'Inactive or withdrawn'],
}

function governance(p: RatedProject): SignalDraft {
  const [base, wording] = lookup(statusValue, p.status) ?? [0.45, capitalise(p.status)]
  const authorised = p.labels.find(isArticle6)
  return {
    key: 'governance',
    value: round2(base + (authorised ? 0.2 : 0)),
    evidence: `${wording} on its registry; ${
      authorised ? `${authorised}: a corresponding adjustment keeps the reduction counted once` : 'no Article 6 authorisation, so the host country may count the same reduction'
    }`,
    facts: [{ name: 'status', value: p.status }, { name: 'registry', value: p.registry }, { name: 'Article 6 authorisation', value: authorised ?? 'none' }],
    citations: ['unfccc-article-6', 'vrod'],
  }
}

function labels(p: RatedProject): SignalDraft {
  const ccp = p.labels.includes(ccpLabel)
  const first = p.labels.find(isCorsiaFirst)
  const pilot = p.labels.find(isCorsiaPilot)
  const value = ccp ? 0.9 + (first ? 0.05 : 0) : first ? 0.7 : pilot ? 0.55 : 0.2
  const held = [ccp ? ccpLabel : null, first ?? null, pilot ?? null].filter((l): l is string => l !== null)
  return {
    key: 'labels',
    value: round2(value),
    // Of the project's own credits: a methodology the ICVCM approved (which other signals may cite) labels no credit
    // until the registry tags the project's issuances, and "no CCP approval" beside "its methodologies are
    // CCP-approved" read as a contradiction (CAR2251).
    evidence: held.length > 0 ? held.join('; ') : "No CCP label or CORSIA eligibility on the project's credits",
    // Named for what the signal weighs: a project with only co-benefit labels (CCB, Social Carbon) holds none of these,
    // and "labels: none" beside its listed labels read as a contradiction. Its other labels are named apart.
    facts: [
      { name: 'CCP or CORSIA labels', value: held.join('; ') || 'none' },
      { name: 'other labels', value: p.labels.filter((label) => !held.includes(label)).join('; ') || 'none' },
    ],
    citations: ['icvcm-2024-ccp', 'icao-corsia', 'vrod'],
  }
}
