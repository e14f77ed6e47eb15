import { countedKinds, type CountedKind, type ProgressUnit, type RunCountsByKind, type SourceRun } from './contract/sources'
import { formatNumber } from '../lib/format'

/** Each thing a run counts, as a person names one of it and several. */
const nouns: Record<CountedKind | ProgressUnit, readonly [one: string, several: string]> = {
  projects: ['project', 'projects'],
  records: ['record', 'records'],
  rows: ['row', 'rows'],
  quotes: ['quote', 'quotes'],
  prices: ['price', 'prices'],
  ratings: ['rating', 'ratings'],
}

const changes = ['created', 'updated', 'unchanged'] as const

/** `1 record`, `215 records`. */
const counted = (count: number, of: CountedKind | ProgressUnit) => `${formatNumber(count)} ${nouns[of][count === 1 ? 0 : 1]}`

/**
 * What a run's progress counts, agreeing with `count`: `projects`, `projects and records` (a registry's
 * export), or nothing where the run has not said (one queued, or run before runs said).
 */
export function progressNoun(of: SourceRun['progress']['of'], count: number): string {
  if (of.length === 1) return nouns[of[0]][count === 1 ? 0 : 1]
  return of.map((unit) => nouns[unit][1]).join(' and ')
}

/**
 * What a finished run changed, kind by kind, in words: `50 projects created`, `215 records created`,
 * `0 rows skipped`. A kind is named for what changed of it; a run that changed nothing of any says so. Null
 * while the run is under way, and for a failed run, which changed nothing.
 */
export function runAccount(run: SourceRun): string[] | null {
  const byKind = run.counts_by_kind
  if (byKind === null) {
    // Runs finished before runs counted by kind kept their totals alone: shown as such, of nothing named.
    if (run.state !== 'succeeded') return null
    const { created, updated, unchanged, skipped } = run.counts
    return [`${formatNumber(created)} created`, `${formatNumber(updated)} updated`, `${formatNumber(unchanged)} unchanged`, `${formatNumber(skipped)} skipped`]
  }
  const written = countedKinds.flatMap((kind) => {
    const counts = byKind[kind]
    return counts ? [{ kind, counts }] : []
  })
  const changed = written.flatMap(({ kind, counts }) => changes.filter((change) => counts[change] > 0).map((change) => `${counted(counts[change], kind)} ${change}`))
  const nothing = written.map(({ kind }) => `0 ${nouns[kind][1]} changed`)
  return [...(changed.length > 0 ? changed : nothing), ...skippedAccount(run, byKind.skipped), ...unmappedAccount(byKind.unmapped)]
}

/**
 * Why the rows gave more than one record, as each file's format says (`paired_because`, stored as "of retirements …"
 * and read here without its "of"). Runs from before runs said it are told plainly rather than given another source's
 * reason.
 */
const pairedBecause = (because: readonly string[] | undefined) =>
  because && because.length > 0 ? ` (${because.map((why) => why.replace(/^of /, '')).join('; ')})` : ', from rows that gave more than one'

/**
 * What a registry run read of its files, so its counts reconcile with them: `Read 250 rows: 85 rows continued an
 * issuance begun on an earlier row, and joined its record; 100 extra records (retirements and cancellations written on
 * their block's row).` (50 projects and 215 records from 250 rows.) It read "100 records more than one a row, of
 * retirements …", which a reader could not parse. Null for runs of other sources and runs finished before runs said.
 */
export function readAccount(run: SourceRun): string | null {
  const read = run.counts_by_kind?.read
  if (!read) return null
  const paired = read.paired_rows ?? 0
  const parts = [
    ...(read.joined_rows > 0 ? [`${counted(read.joined_rows, 'rows')} continued an issuance begun on an earlier row, and joined its record`] : []),
    ...(paired > 0 ? [`${formatNumber(paired)} extra ${nouns.records[paired === 1 ? 0 : 1]}${pairedBecause(read.paired_because)}`] : []),
    ...(read.repeated_records > 0 ? [`${counted(read.repeated_records, 'records')} given again by a later file, counted once`] : []),
    ...(read.outside_run > 0 ? [`${formatNumber(read.outside_run)} ${read.outside_run === 1 ? 'record or listing' : 'records or listings'} of projects the run was not asked for`] : []),
  ]
  return `Read ${counted(read.rows, 'rows')}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}.`
}

/**
 * New listings Credence's vocabulary could not map, said beside what the run changed so an analyst sees how many
 * projects are typed `Unknown` (their registry's words kept) or have a country the table does not know.
 */
function unmappedAccount(unmapped: RunCountsByKind['unmapped']): string[] {
  if (!unmapped) return []
  const listings = (count: number) => `${formatNumber(count)} new ${count === 1 ? 'listing' : 'listings'}`
  return [
    ...(unmapped.types > 0 ? [`${listings(unmapped.types)} typed Unknown (neither methodology, type words nor name says which type; the registry's words are kept)`] : []),
    ...(unmapped.countries > 0 ? [`${listings(unmapped.countries)} in a country the table does not know`] : []),
  ]
}

/** What the run left out: rows of its files, projects it does not cover; none, in the unit it reads. */
function skippedAccount(run: SourceRun, skipped: { rows: number; projects: number }): string[] {
  const parts = [
    ...(skipped.rows > 0 ? [`${counted(skipped.rows, 'rows')} skipped`] : []),
    ...(skipped.projects > 0 ? [`${counted(skipped.projects, 'projects')} skipped`] : []),
  ]
  if (parts.length > 0) return parts
  return [`0 ${run.files.length > 0 ? 'rows' : 'projects'} skipped`]
}
