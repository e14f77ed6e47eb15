import { date, formats, sheet, text, type Cell } from './cells'
import type { PackSource } from './pack-sources'

/**
 * The fifth sheet: each source the figures rest on, its as-of date, and the runs and files behind it, a row per run
 * (newest first), with where each run's date came from (a file that gave none is dated by its upload, a guess). A
 * source no run changed (generated or seeded data, the reference estimate) has one row saying so.
 */
export function sourcesSheet(sources: readonly PackSource[]) {
  const rows = sources.flatMap((source): Cell[][] => {
    const lead = [text(source.name), text(source.kind), text(source.gives.join('; ')), date(source.asOf)]
    if (source.runs.length === 0) return [[...lead, text('none recorded'), null, null, null, null]]
    return source.runs.map((run) => [...lead, text(run.id), date(run.finishedAt, formats.dateTime), date(run.asOf), run.datedBy === null ? null : text(run.datedBy), text(run.files.join('; ') || 'no file')])
  })
  return sheet(
    ['Source', 'Kind', 'What the shortlist takes from it', 'As of', 'Run', 'Run finished', "Run's data as of", 'Dated', 'Files'],
    rows,
    [40, 10, 44, 12, 30, 17, 14, 30, 50],
  )
}
