import type { CreditBeneficiary, CreditKind } from '../../api/contract/credits'
import type { CreditDisagreement, CreditFigure, ProjectCredits, SourceCreditFacts } from '../../api/contract/projects'
import type { ListedTotals } from '../db/schema'
import { sourceFor } from '../sources/source-list'
import { vintageLedger, type LedgerDisagreement, type ListingCancellations, type VintageLedger } from '../core/vintage-ledger'
import { registryNames } from '../../api/project-labels'
import type { RegistryCode } from '../../api/contract/common'
import { formatNumber } from '../../lib/format'

/** The count a project's figures start from: its catalogue totals and whose they are (null source: generated). */
export interface CreditCount {
  issued: number
  retired: number
  remaining: number
  source: string | null
  asOf: Date | null
}

/** A project's records of one source, kind, vintage and year of their day, dated after the count (`later`) or not. */
export interface CreditGroup {
  source_id: string
  kind: CreditKind
  vintage: number | null
  /** The year of the records' day; null for undated records. */
  year: number | null
  later: boolean
  /** Dated after the count, but blocks of an issuance it holds (`heldByCount`): not added, and said so. */
  held: boolean
  /**
   * Of a buffer pool's credits (core/buffer-pool.ts): issued into it, the project's buffer where `later`; cancelled
   * from it, the pool's. Never issued, retired or remaining, and said so.
   */
  buffer: boolean
  quantity: number
  records: number
  through: string | null
}

/**
 * Another listing of the project by another registry (`projects.compliance_id`): its key, registry and compliance
 * id, and what its own count left unplaced of its cancellations before it, which this listing's count may hold.
 */
export interface OtherListing {
  key: string
  registry: RegistryCode
  complianceId: string
  unplaced: readonly ListingCancellations[]
}

/** What a source's listing states of the project's totals (`ListedTotals`), and whose listing it is. */
export type ListedTotalsOf = ListedTotals & { source: string }

/** Berkeley's per-vintage blocks of one year: issued of the vintage, and remaining of it as of the count. */
export interface VintageBlock {
  year: number
  issued_by_vintage: number
  remaining_by_vintage: number
}

// A format made once: toLocaleString with options builds a new formatter at every call, and a project's page writes a
// few dozen dates. Days as the app writes them (`formatDate`, src/lib/format.ts): "Dec 31, 2025", one way on one page;
// figures by the app's own `formatNumber`, so "−7,094" in a sentence reads as the table beside it.
const dayFormat = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const number = (n: number) => formatNumber(n, 2)
const day = (d: Date | string) => dayFormat.format(new Date(d))
const countName = (source: string | null) => (source === null ? 'the generated catalogue' : source === 'src_vrod' ? 'Berkeley' : (sourceFor(source)?.name ?? source))
const exportName = (source: string) => `${sourceFor(source)?.name ?? source}'s export`
const newest = (days: (string | null)[]) => days.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null)

type Since = ProjectCredits['issued']['since'][number]

/** What moves the figures: a record dated after the count, and not of a registry's buffer pool. */
const addsToFigures = (group: CreditGroup) => group.later && !group.buffer
/** The buffer a registry's records add, by the same rule of dates as every other record: what they issue into it. */
const addsToBuffer = (group: CreditGroup) => group.later && group.buffer && group.kind === 'issuance'

/** The later records (or those `which` keeps) summed per source and kind, the kinds a figure takes in. */
function sinceOf(groups: readonly CreditGroup[], kinds: (kind: CreditKind) => boolean, which: (group: CreditGroup) => boolean = addsToFigures): Since[] {
  const bySourceKind = new Map<string, Since>()
  for (const group of groups) {
    if (!which(group) || !kinds(group.kind)) continue
    const key = `${group.source_id}\u0000${group.kind}`
    const entry = bySourceKind.get(key) ?? { source: group.source_id, kind: group.kind, quantity: 0, records: 0, through: null }
    entry.quantity += group.quantity
    entry.records += group.records
    entry.through = newest([entry.through, group.through])
    bySourceKind.set(key, entry)
  }
  return [...bySourceKind.values()].sort((a, b) => a.source.localeCompare(b.source) || a.kind.localeCompare(b.kind))
}

const isIssuance = (kind: CreditKind) => kind === 'issuance'
const takesAway = (kind: CreditKind) => kind !== 'issuance'

/**
 * "+ 425 since per Verra Registry's export (2 records, through Apr 13, 2026)", one clause per source; signs per kind
 * for the remaining. The day is the newest of the project's records the export holds, not the export's own date,
 * and is said so: one export gives each project the day of its own newest record.
 */
function sinceText(since: readonly Since[], signed: boolean, counted: boolean): string {
  const bySource = new Map<string, Since[]>()
  for (const entry of since) bySource.set(entry.source, [...(bySource.get(entry.source) ?? []), entry])
  return [...bySource].map(([source, entries]) => {
    const through = newest(entries.map((e) => e.through))
    const amounts = signed
      ? entries.map((e) => `${isIssuance(e.kind) ? '+' : '−'} ${number(e.quantity)} ${isIssuance(e.kind) ? 'issued' : 'retired or cancelled'}`).join(' ')
      : `${counted ? '+ ' : ''}${number(entries.reduce((total, e) => total + e.quantity, 0))}`
    const records = entries.reduce((total, e) => total + e.records, 0)
    return `${amounts} ${counted ? 'since ' : ''}per ${exportName(source)} (${number(records)} record${records === 1 ? '' : 's'}${through ? `, through ${day(through)}` : ''})`
  }).join(', ')
}

/**
 * "Verra Registry's export dates 425 of them after it (1 record, Apr 3, 2026), blocks of an issuance Berkeley
 * counts: not added again", one clause per source: issuances dated after the count that it holds already, each
 * record one issuance.
 */
function heldText(groups: readonly CreditGroup[], count: CreditCount): string | null {
  // Only issuances are held, so each source is one entry.
  const held = sinceOf(groups, isIssuance, (group) => group.held)
  if (held.length === 0) return null
  const clauses = held.map(
    (e) => `${exportName(e.source)} dates ${number(e.quantity)} of them after it (${number(e.records)} record${e.records === 1 ? '' : 's'}${e.through ? `, through ${day(e.through)}` : ''})`,
  )
  const issuances = held.reduce((total, e) => total + e.records, 0)
  return `${clauses.join(', ')}, blocks of ${issuances === 1 ? 'an issuance' : 'issuances'} ${countName(count.source)} counts: not added again`
}

/**
 * "Cercarbono Registry's export issues 1,679 into its buffer pool (1 record): set aside against reversals,
 * never for sale, so counted as buffer, not as issued", one clause per source.
 */
function bufferText(groups: readonly CreditGroup[]): string | null {
  const buffered = sinceOf(groups, isIssuance, addsToBuffer)
  if (buffered.length === 0) return null
  const clauses = buffered.map((e) => `${exportName(e.source)} issues ${number(e.quantity)} into its buffer pool (${number(e.records)} record${e.records === 1 ? '' : 's'})`)
  return `${clauses.join(', ')}: set aside against reversals, never for sale, so counted as buffer, not as issued`
}

/**
 * "Climate Action Reserve's export cancels 81,661 of its buffer pool's credits (2 records): the pool's, not the
 * project's, so not counted as retired", one clause per source, of any day: one dated before the count is not the
 * project's either. Most are the compliance buffer's share of a conversion to California's offsets; ACR741's is the
 * pool's share of a premature issuance, removed with it.
 */
function bufferCancelledText(groups: readonly CreditGroup[]): string | null {
  const cancelled = sinceOf(groups, takesAway, (group) => group.buffer)
  if (cancelled.length === 0) return null
  const clauses = cancelled.map((e) => `${exportName(e.source)} cancels ${number(e.quantity)} of its buffer pool's credits (${number(e.records)} record${e.records === 1 ? '' : 's'})`)
  return `${clauses.join(', ')}: the pool's, not the project's, so not counted as retired`
}

/**
 * A figure: the count's, plus what records since add (`since`), plus what a count's vintages took of cancellations dated
 * before it that it did not hold (`before`, taken from the remaining, added to the retired).
 */
function figure(what: string, count: CreditCount | null, countValue: number, since: Since[], signed: boolean, note: string | null = null, before = 0): CreditFigure {
  const change = since.reduce((total, e) => total + (signed && takesAway(e.kind) ? -e.quantity : e.quantity), 0)
  const counted = count ? { value: countValue, source: count.source, as_of: count.asOf ? count.asOf.toISOString() : null } : null
  const value = (counted?.value ?? 0) + change + (signed ? -before : before)
  const base = count ? `${number(countValue)} ${what} per ${countName(count.source)}${count.asOf ? ` as of ${day(count.asOf)}` : ''}` : null
  const added = since.length > 0 ? sinceText(since, signed, count !== null) : null
  const text = base && added ? `${base}, ${added}` : base ? base : added ? `${number(value)} ${what}: ${added}` : `No count and no records of credits ${what}`
  const cancelled = before > 0 ? `${signed ? '−' : '+'} ${number(before)} cancelled on or before it that it does not count (below)` : null
  return { value, counted, since, text: [cancelled ? `${text}, ${cancelled}` : text, note].filter(Boolean).join('; ') }
}

/**
 * Per vintage: the count's issued and remaining of each vintage, plus the records dated after it (core/vintage-ledger.ts),
 * less what another listing's cancellations before it left unplaced (`fromListings`).
 */
export function ledgerOf(blocks: readonly VintageBlock[], count: CreditCount | null, groups: readonly CreditGroup[], fromListings: readonly ListingCancellations[] = []): VintageLedger {
  const later = groups
    .filter(addsToFigures)
    .map((group) => ({ vintage: group.vintage, issued: isIssuance(group.kind) ? group.quantity : 0, taken: isIssuance(group.kind) ? 0 : group.quantity }))
  const counted = count ? blocks.map((b) => ({ year: b.year, issued: b.issued_by_vintage, remaining: b.remaining_by_vintage })) : []
  const earlier = groups.filter(cancelledBefore).map((group) => ({ vintage: group.vintage, cancelled: group.quantity }))
  return vintageLedger(count ? { issued: count.issued, remaining: count.remaining } : null, counted, later, earlier, fromListings)
}

const vintageName = (vintage: number | null) => (vintage === null ? 'credits of no vintage' : `vintage ${vintage}`)
/** "1,000 of vintage 2022", "25 credits of no vintage". */
const amountOf = (quantity: number, vintage: number | null) => (vintage === null ? `${number(quantity)} credits of no vintage` : `${number(quantity)} of vintage ${vintage}`)

/** A disagreement in the contract's words, naming both figures and whose each is. */
function disagreementOf(disagreement: LedgerDisagreement, count: CreditCount | null, groups: readonly CreditGroup[], others: readonly OtherListing[]): CreditDisagreement {
  const counter = count ? countName(count.source) : 'the count'
  const at = count?.asOf ? ` (${day(count.asOf)})` : ''
  if (disagreement.kind === 'vintages_differ_from_totals') {
    const { measure, totals, vintages } = disagreement
    return {
      kind: disagreement.kind,
      vintage: null,
      figures: [
        { source: count?.source ?? null, says: `total ${measure}`, value: totals },
        { source: count?.source ?? null, says: `${measure} summed over its vintages`, value: vintages },
      ],
      text: `${counter}${at} counts ${number(totals)} ${measure} in all but ${number(vintages)} across its vintages; the ${number(totals - vintages)} between them stand as credits of no vintage`,
    }
  }
  if (disagreement.kind === 'cancellations_before_count') return cancelledBeforeOf(disagreement, count, groups, others)
  if (disagreement.kind === 'count_vintage_below_zero') {
    const { vintage, issued, remaining } = disagreement
    return {
      kind: disagreement.kind,
      vintage,
      figures: [
        { source: count?.source ?? null, says: `issued of vintage ${vintage}`, value: issued },
        { source: count?.source ?? null, says: `retired or cancelled of vintage ${vintage}`, value: issued - remaining },
      ],
      text: `${counter}${at} counts ${number(issued - remaining)} of vintage ${vintage} retired or cancelled, more than the ${number(issued)} it counts issued of it: ${number(remaining)} remaining, kept as it counts it, so the vintages still add up to its totals`,
    }
  }
  const { vintage, remaining, taken, takenBefore } = disagreement
  const takers = [...new Set(groups.filter((g) => g.later && !g.buffer && !isIssuance(g.kind) && g.vintage === vintage).map((g) => g.source_id))]
  return {
    kind: disagreement.kind,
    vintage,
    figures: [
      { source: count?.source ?? null, says: count ? `remaining of ${vintageName(vintage)}` : `issued of ${vintageName(vintage)} in the records`, value: remaining + takenBefore },
      { source: takers.length === 1 ? takers[0] : null, says: `retired or cancelled of ${vintageName(vintage)} since`, value: taken },
    ],
    text: `${takers.length === 1 ? `${exportName(takers[0])} retires or cancels` : `${takers.map(exportName).join(' and ') || 'Later records'} retire or cancel`} ${amountOf(taken, vintage)}, where ${count ? `${counter}${at} leaves` : 'the records issue'} ${number(remaining + takenBefore)} of it${takenBefore > 0 ? `, ${number(remaining)} once the cancellations before it are taken` : ''}; it reads ${number(remaining - taken)} until the sources agree`,
  }
}

/** Cancellations records date on or before the count, per vintage: what the count should hold of them (`vintageLedger`). */
const cancelledBefore = (group: CreditGroup) => group.kind === 'cancellation' && !group.later && !group.held && !group.buffer && group.year !== null

/**
 * "American Carbon Registry's export cancels 4,373,651 of vintage 2024 on or before Berkeley's count (Dec 31, 2025),
 * where it counts 0 of it retired or cancelled: 4,373,651 more are taken", one a vintage.
 */
function cancelledBeforeOf(
  disagreement: Extract<LedgerDisagreement, { kind: 'cancellations_before_count' }>,
  count: CreditCount | null,
  groups: readonly CreditGroup[],
  others: readonly OtherListing[],
): CreditDisagreement {
  const { vintage, counted, cancelled, taken, listing } = disagreement
  const counter = count ? countName(count.source) : 'the count'
  const at = count?.asOf ? ` (${day(count.asOf)})` : ''
  const other = others.find((o) => o.key === listing)
  if (other) return cancelledUnderOtherListing(disagreement, other, count)
  const sources = [...new Set(groups.filter((g) => cancelledBefore(g) && g.vintage === vintage).map((g) => g.source_id))]
  const all = Math.abs(cancelled - counted - taken) < 0.5 ? '' : ', all it left'
  // Where another listing of the project counts the vintage, it takes them (`cancelledUnderOtherListing`), and this says where.
  const elsewhere =
    others.length > 0
      ? ` They are taken there instead: ${others.map(listingName).join(' and ')} ${others.length === 1 ? 'is' : 'are'} the same compliance project (${others[0].complianceId}), and they come off its count of the vintage, as far as it holds them`
      : ''
  return {
    kind: disagreement.kind,
    vintage,
    figures: [
      { source: count?.source ?? null, says: `retired or cancelled of vintage ${vintage}`, value: counted },
      { source: sources.length === 1 ? sources[0] : null, says: `cancelled of vintage ${vintage} on or before the count`, value: cancelled },
    ],
    text: `${sources.map(exportName).join(' and ') || 'The records'} cancel${sources.length === 1 ? 's' : ''} ${amountOf(cancelled, vintage)} on or before ${counter}'s count${at}, where ${
      taken > 0
        ? `it counts ${number(counted)} of it retired or cancelled: ${number(taken)} more are taken${all}, as credits cancelled (converted to a compliance programme, most often) are no longer for sale`
        : `it counts ${counted > 0 ? `${number(counted)} of it retired or cancelled and none left: this listing has none of the other ${number(cancelled - counted)} to take` : 'none of the vintage here: this listing has none of them to take'}${
            elsewhere ? `.${elsewhere}` : ', and the count holds none of them (it files the credits under another vintage or project, or does not count their issuance)'
          }`
    }`,
  }
}

/** "CAR2057 (Climate Action Reserve)". */
const listingName = (other: OtherListing) => `${other.key} (${registryNames[other.registry] ?? other.registry})`

/**
 * "43,934 of vintage 2025 are taken from what remains here, as no longer for sale: CAR2057 (Climate Action Reserve),
 * this project's other listing (compliance project CAMM5746), has 43,934 of it cancelled on or before
 * Berkeley's count (Dec 31, 2025), and Berkeley counts that vintage under this listing…": the other listing's
 * cancellations this listing's count holds (`fromListings` of the vintage ledger). What it means for a buyer comes
 * first: the sentence it replaced (December 2026) opened on the other listing and read as a riddle.
 */
function cancelledUnderOtherListing(disagreement: Extract<LedgerDisagreement, { kind: 'cancellations_before_count' }>, other: OtherListing, count: CreditCount | null): CreditDisagreement {
  const { vintage, counted, cancelled, taken } = disagreement
  const counter = count ? countName(count.source) : 'the count'
  const at = count?.asOf ? ` (${day(count.asOf)})` : ''
  const all = Math.abs(cancelled - taken) < 0.5 ? '' : `, all ${counter}'s count of the vintage leaves here`
  return {
    kind: disagreement.kind,
    vintage,
    figures: [
      { source: count?.source ?? null, says: `retired or cancelled of vintage ${vintage}`, value: counted },
      { source: null, says: `cancelled of vintage ${vintage} on or before the count under ${other.key}, beyond what its count holds`, value: cancelled },
    ],
    text: `${amountOf(taken, vintage)} are taken from what remains here${all}, as no longer for sale: ${listingName(other)}, this project's other listing (compliance project ${other.complianceId}), has ${number(cancelled)} of it cancelled on or before ${counter}'s count${at}, and ${counter} counts that vintage under this listing (${number(counted)} of it retired or cancelled), not under ${other.key}. Cancelled credits have most often been converted into a compliance programme's`,
  }
}

/**
 * Records with no day cannot be placed after the count, so they are not added (rule 2 of docs/credit-figures.md):
 * the count may well hold them. Where one source's undated records alone come to more than the count holds in all,
 * it cannot: Gold Standard's export cancels 420,504 of GS12875 with no date, where Berkeley counts none retired. The
 * two disagree, and both figures are named, one disagreement a source and measure.
 */
function undatedBeyondCount(groups: readonly CreditGroup[], count: CreditCount | null): CreditDisagreement[] {
  if (count === null) return []
  const undated = sinceOf(groups, () => true, (group) => !group.later && !group.held && !group.buffer && group.year === null)
  const at = count.asOf ? ` (${day(count.asOf)})` : ''
  const measures = [
    { measure: 'issued', kinds: isIssuance, counted: count.issued },
    { measure: 'retired or cancelled', kinds: takesAway, counted: count.retired },
  ]
  return measures.flatMap(({ measure, kinds, counted }) => {
    const bySource = new Map<string, { quantity: number; records: number }>()
    for (const entry of undated) {
      if (!kinds(entry.kind)) continue
      const total = bySource.get(entry.source) ?? { quantity: 0, records: 0 }
      bySource.set(entry.source, { quantity: total.quantity + entry.quantity, records: total.records + entry.records })
    }
    return [...bySource]
      .filter(([, { quantity }]) => quantity - counted >= 0.5)
      .map(([source, { quantity, records }]): CreditDisagreement => ({
        kind: 'undated_records_exceed_count',
        vintage: null,
        figures: [
          { source: count.source, says: `${measure} in all`, value: counted },
          { source, says: `${measure} with no day`, value: quantity },
        ],
        text: `${exportName(source)} records ${number(quantity)} ${measure} with no day of their own (${number(records)} record${records === 1 ? '' : 's'}), more than ${countName(count.source)}${at} counts in all (${number(counted)}): the figures above leave them out, as they leave out every record with no day, which cannot be placed after the count`,
      }))
  })
}

/**
 * Undated retirements and cancellations of a vintage the count holds none of, or less of than they take: the count
 * cannot hold them either, though they come to less than it retires in all. Gold Standard's export cancels 334,563 of
 * GS11551's vintage 2024 with no retirement date, where Berkeley counts nothing of vintage 2024 (and 909,903 retired
 * in all): nothing was said. Named a source and vintage, where the whole-count check above has not named the source.
 */
function undatedBeyondVintage(groups: readonly CreditGroup[], count: CreditCount | null, ledger: VintageLedger, named: readonly CreditDisagreement[]): CreditDisagreement[] {
  // Only a count that breaks its credits down by vintage says what it holds of one.
  if (count === null || !ledger.vintages.some((v) => v.vintage !== null && v.counted !== null)) return []
  const alreadyNamed = new Set(named.filter((d) => d.kind === 'undated_records_exceed_count').map((d) => d.figures[1].source))
  const bySourceVintage = new Map<string, { source: string; vintage: number; quantity: number; records: number }>()
  for (const group of groups) {
    if (group.later || group.held || group.buffer || group.year !== null || group.vintage === null || !takesAway(group.kind) || alreadyNamed.has(group.source_id)) continue
    const key = `${group.source_id}\u0000${group.vintage}`
    const entry = bySourceVintage.get(key) ?? { source: group.source_id, vintage: group.vintage, quantity: 0, records: 0 }
    entry.quantity += group.quantity
    entry.records += group.records
    bySourceVintage.set(key, entry)
  }
  const at = count.asOf ? ` (${day(count.asOf)})` : ''
  return [...bySourceVintage.values()].flatMap(({ source, vintage, quantity, records }): CreditDisagreement[] => {
    const counted = ledger.vintages.find((v) => v.vintage === vintage)?.counted
    const retired = counted ? counted.issued - counted.remaining : 0
    if (quantity - retired < 0.5) return []
    return [
      {
        kind: 'undated_records_exceed_count',
        vintage,
        figures: [
          { source: count.source, says: `retired or cancelled of vintage ${vintage}`, value: retired },
          { source, says: `retired or cancelled of vintage ${vintage} with no day`, value: quantity },
        ],
        text: `${exportName(source)} records ${amountOf(quantity, vintage)} retired or cancelled with no day of their own (${number(records)} record${records === 1 ? '' : 's'}), more than ${countName(count.source)}${at} counts retired or cancelled of it (${number(retired)}): the figures above leave them out, as they leave out every record with no day, which cannot be placed after the count`,
      },
    ]
  })
}

/** A listing's total, how its records' sum is worded, and which records it sums. */
const listedMeasures = [
  { measure: 'issued' as const, listed: 'issued in all, its buffer pool\'s share included', records: 'issue', of: (g: CreditGroup) => isIssuance(g.kind) },
  { measure: 'buffer' as const, listed: 'set aside in its buffer pool', records: 'set aside', of: (g: CreditGroup) => isIssuance(g.kind) && g.buffer },
  { measure: 'retired' as const, listed: 'retired', records: 'retire', of: (g: CreditGroup) => takesAway(g.kind) && !g.buffer },
]

/**
 * "Isometric's projects export says 3,650.85 retired (as of Apr 14, 2026), where its records retire 1,457.28 (19
 * records, through Apr 9, 2026)…", one a measure where the two are apart: the registry's own totals against its
 * records. Not compared where the source's records reach past the listing's day, which it cannot have counted.
 */
function listedTotalsBeyondRecords(groups: readonly CreditGroup[], listed: readonly ListedTotalsOf[]): CreditDisagreement[] {
  return listed.flatMap((totals): CreditDisagreement[] => {
    const own = groups.filter((group) => group.source_id === totals.source)
    const through = newest(own.map((group) => group.through))
    if (through !== null && through > totals.as_of.slice(0, 10)) return []
    const name = sourceFor(totals.source)?.name ?? totals.source
    return listedMeasures.flatMap(({ measure, listed: says, records: verb, of }): CreditDisagreement[] => {
      const summed = own.filter(of)
      const quantity = summed.reduce((total, group) => total + group.quantity, 0)
      const records = summed.reduce((total, group) => total + group.records, 0)
      const stated = totals[measure]
      if (Math.abs(stated - quantity) < 0.5) return []
      const last = newest(summed.map((group) => group.through))
      const counted = `${number(records)} record${records === 1 ? '' : 's'}${last ? `, through ${day(last)}` : ''}`
      const why =
        stated > quantity
          ? `the records imported may not reach back to the project's first, and the figures here, which stand on them, read ${number(stated - quantity)} less ${measure === 'buffer' ? 'set aside' : measure} than it says`
          : `more than the registry says in all; the figures here stand on the records`
      return [
        {
          kind: 'listed_totals_differ_from_records',
          vintage: null,
          figures: [
            { source: totals.source, says: `${says}, per its listing (as of ${day(totals.as_of)})`, value: stated },
            { source: totals.source, says: `${measure === 'buffer' ? 'set aside in its buffer pool' : measure} in its records`, value: quantity },
          ],
          text: `${name}'s projects export says ${number(stated)} ${says} (as of ${day(totals.as_of)}), where its records ${verb} ${number(quantity)} (${counted}): ${why}`,
        },
      ]
    })
  })
}

/**
 * The records dated after the count, summed by the year of their day: issuances as issued in the year, retirements
 * and cancellations as retired in it, as Berkeley's per-year blocks count them, so a chart of the count's years adds
 * them and says the same as the figures. Undated records have no year (only a project with no count takes them in).
 */
function laterByYear(groups: readonly CreditGroup[]): ProjectCredits['later_by_year'] {
  const byYear = new Map<number, { year: number; issued: number; retired: number }>()
  for (const group of groups) {
    if (!addsToFigures(group) || group.year === null) continue
    const entry = byYear.get(group.year) ?? { year: group.year, issued: 0, retired: 0 }
    if (isIssuance(group.kind)) entry.issued += group.quantity
    else entry.retired += group.quantity
    byYear.set(group.year, entry)
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year)
}

/** Each source's own word on the credits: the count, and each registry's records summed, each at its own date. */
function sourceFacts(count: CreditCount | null, groups: readonly CreditGroup[]): SourceCreditFacts[] {
  const facts: SourceCreditFacts[] = []
  if (count?.source) {
    facts.push({ source: count.source, basis: 'count', as_of: count.asOf ? count.asOf.toISOString() : null, issued: count.issued, retired: count.retired, buffer_issued: null, buffer_cancelled: null, records: null })
  }
  const bySource = new Map<string, { issued: number; retired: number; buffer_issued: number; buffer_cancelled: number; records: number; through: string | null }>()
  for (const group of groups) {
    const entry = bySource.get(group.source_id) ?? { issued: 0, retired: 0, buffer_issued: 0, buffer_cancelled: 0, records: 0, through: null }
    // A buffer pool's credits are the pool's, as the figures read them: CAR1822's 81,661 cancelled from the pool read
    // as the Reserve's retired beside figures that said they were not.
    if (isIssuance(group.kind)) entry[group.buffer ? 'buffer_issued' : 'issued'] += group.quantity
    else entry[group.buffer ? 'buffer_cancelled' : 'retired'] += group.quantity
    entry.records += group.records
    entry.through = newest([entry.through, group.through])
    bySource.set(group.source_id, entry)
  }
  for (const [source, e] of [...bySource].sort(([a], [b]) => a.localeCompare(b))) {
    const { through, ...figures } = e
    facts.push({ source, basis: 'records', as_of: through ? `${through}T00:00:00.000Z` : null, ...figures })
  }
  return facts
}

/**
 * A project's issued, retired and remaining credits, never counted twice: the newest complete count (Berkeley's
 * release, as of its date) plus the registries' records dated after it. Records on or before the count's date
 * are already in it; a record with no date cannot be placed after it, so only a project with no count takes it
 * in. A project no source has counted (a registry's new listing) stands on its records alone.
 */
export function projectCreditFigures(
  count: CreditCount | null,
  blocks: readonly VintageBlock[],
  groups: readonly CreditGroup[],
  beneficiaries: readonly CreditBeneficiary[],
  listed: readonly ListedTotalsOf[] = [],
  others: readonly OtherListing[] = [],
): ProjectCredits {
  const ledger = ledgerOf(blocks, count, groups, others.flatMap((other) => other.unplaced))
  const undated = undatedBeyondCount(groups, count)
  const issuedNotes = [count ? heldText(groups, count) : null, bufferText(groups)].filter((note): note is string => note !== null)
  return {
    issued: figure('issued', count, count?.issued ?? 0, sinceOf(groups, isIssuance), false, issuedNotes.length > 0 ? issuedNotes.join('; ') : null),
    retired: figure('retired or cancelled', count, count?.retired ?? 0, sinceOf(groups, takesAway), false, bufferCancelledText(groups), ledger.takenBeforeCount),
    remaining: figure('remaining', count, count?.remaining ?? 0, sinceOf(groups, () => true), true, null, ledger.takenBeforeCount),
    by_vintage: ledger.vintages,
    later_by_year: laterByYear(groups),
    disagreements: [...ledger.disagreements.map((d) => disagreementOf(d, count, groups, others)), ...undated, ...undatedBeyondVintage(groups, count, ledger, undated), ...listedTotalsBeyondRecords(groups, listed)],
    sources: sourceFacts(count, groups),
    top_beneficiaries: [...beneficiaries],
    buffer_issued: groups.reduce((total, group) => total + (addsToBuffer(group) ? group.quantity : 0), 0),
  }
}
