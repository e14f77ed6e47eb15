import { grownShortlistNote } from '../../api/contract/brief'
import { date, formats, link, number, sheet, text, type Cell } from './cells'
import type { ShortlistPackContents } from './pack-contents'
import { priceMethodVersion } from '../core/method-versions'
import { coBenefitLabel, regionLabel } from '../../api/value-labels'

const licenceUrl = 'https://creativecommons.org/licenses/by-sa/4.0/'

type Row = [label: string, value: Cell, about?: string]

const approachNames = { nature: 'Nature-based', technology: 'Technology-based' } as const

/** Why a project is left out, as the shortlist's notes say it. */
const leftOutLabels = { diversify: 'Left out to diversify', removals: "Left out for the removals' share", unfunded: 'Left out: nothing of the budget' } as const

/** A cap as it was applied: a share of the money allocated, or why there was none. */
const cap = (share: number | null, none: string): Cell => (share === null ? text(none) : number(share, formats.share))

/**
 * The first sheet: what was asked, what it came to, what was said of it, by which methods, on which data, and the
 * credit the data asks for. Label, value and a word on where the value comes from, one fact a row.
 */
export function summarySheet({ recommendation: r, name, evidence, sources, catalogue, madeAt }: ShortlistPackContents) {
  const { brief, totals, portfolio } = r
  const estimated = r.items.some((item) => item.spot_price.basis === 'estimate')
  // The shortlisted projects' own data, as the page's notes date it: the newest word their facts' and credits' sources
  // gave on them. The catalogue's newest import may be of other projects (a registry's export of April 2026 beside
  // shortlisted projects Berkeley last counted on Dec 31, 2025), and dated the pack by it.
  const shortlistAsOf = newestDate(sources.filter((source) => source.kind === 'dataset' || source.kind === 'registry').map((source) => source.asOf))
  const rows: Row[] = [
    ['Shortlist', text(r.id)],
    ...(name ? ([['Name', text(name)]] as Row[]) : []),
    ['Made at', date(r.created_at, formats.dateTime), 'UTC'],
    ['Simulated', text(r.simulated ? 'yes: computed on the sandbox\'s fixed, generated dataset; not for buying' : 'no')],
    ['Brief: budget', number(brief.budget_usd, formats.usd), 'USD'],
    ['Brief: project type', text(brief.type ?? 'any')],
    ['Brief: region', text(brief.region ? regionLabel(brief.region) : 'any')],
    ['Brief: approach', text(brief.approach ? approachNames[brief.approach] : 'any')],
    ['Brief: minimum vintage', brief.vintage_min ? number(brief.vintage_min, formats.year) : text('any')],
    ['Brief: co-benefits', text(brief.co_benefits?.map(coBenefitLabel).join('; ') || 'none asked for')],
    ['Brief: shortlist size', number(r.shortlist_size, formats.count), sizeNote(brief.shortlist_size, r.shortlist_size)],
    ['Brief: largest share per project type', briefShare(brief.max_share_per_type), 'of the money allocated'],
    ['Brief: largest share per country', briefShare(brief.max_share_per_country), 'of the money allocated'],
    ['Brief: smallest share of removals', briefShare(brief.min_removal_share), 'of the money allocated'],
    ['Budget', number(totals.budget_usd, formats.usd), 'USD'],
    ['Allocated', number(totals.allocated_usd, formats.usd), estimated ? 'USD, at estimated prices where a price is an estimate' : 'USD'],
    ['Remaining', number(totals.remaining_usd, formats.usd), 'USD'],
    ['Tonnes', number(totals.tonnes, formats.tonnes), 'tCO2e'],
    ['Projects ranked', number(r.items.length, formats.count), `of ${r.candidates_considered} that passed the hard filters`],
    ...(portfolio
      ? ([
          ['Cap applied: share per project type', cap(portfolio.caps.max_share_per_type, 'not applied: the brief names a type'), 'of the money allocated'],
          ['Cap applied: share per country', cap(portfolio.caps.max_share_per_country, 'not applied: the brief names a region'), 'of the money allocated'],
          ['Cap applied: smallest share of removals', number(portfolio.caps.min_removal_share, formats.share), 'of the money allocated'],
        ] as Row[])
      : []),
    ...r.notes.map((note, i): Row => [`Note ${i + 1}`, text(note)]),
    ...(r.left_out ?? []).map((project): Row => [
      leftOutLabels[project.reason],
      text(`${project.name} (${project.key})`),
    ]),
    ['Method: ranking', text(r.method.version), 'as the shortlist was made'],
    ['Method: rating', text(evidence.rating_version), 'the Evidence sheet, as the projects are rated when the pack was made'],
    ['Method: price', text(priceMethodVersion), 'what "estimate" means on the Shortlist sheet'],
    ['Catalogue', text(catalogue.dataset === 'sandbox' ? 'the sandbox\'s fixed dataset' : 'live')],
    ['Generated projects in it', number(catalogue.synthetic, formats.count), `of ${catalogue.projects} projects`],
    shortlistAsOf
      ? ['Data as of', date(shortlistAsOf), "the newest word the sources of the shortlisted projects' facts and credits gave on them (the Sources sheet)"]
      : ['Data as of', catalogue.asOf ? date(catalogue.asOf) : text('no import: the catalogue is generated'), "the newest import of projects' facts, by its own date"],
    ...(shortlistAsOf && catalogue.asOf ? ([['Catalogue data as of', date(catalogue.asOf), "the newest import of any project's facts, by its own date"]] as Row[]) : []),
    ['Attribution', text(catalogue.attribution ?? 'none needed: no imported data')],
    ...(catalogue.attribution?.includes('CC BY-SA 4.0') ? ([['Licence', link(licenceUrl, 'CC BY-SA 4.0')]] as Row[]) : []),
    ['Pack made at', date(madeAt, formats.dateTime), 'UTC'],
  ]
  return sheet(
    ['Item', 'Value', 'About'],
    rows.map(([label, value, about]) => [text(label), value, text(about)]),
    [34, 60, 50],
    { table: false },
  )
}

/** A share the brief set, or that it set none (the caps applied are the rows below). */
const briefShare = (share: number | undefined): Cell => (share === undefined ? text('not set') : number(share, formats.share))

const newestDate = (dates: readonly (Date | null)[]) => dates.reduce<Date | null>((newest, d) => (d !== null && (newest === null || d > newest) ? d : newest), null)

/** What the size says: the buyer's, the default, or the default made longer to spend the budget (as the page says). */
function sizeNote(asked: number | undefined, answered: number): string {
  const grown = grownShortlistNote(asked, answered)
  if (grown) return `projects: ${grown}`
  return asked === undefined ? 'projects at most (the default)' : 'projects at most'
}
