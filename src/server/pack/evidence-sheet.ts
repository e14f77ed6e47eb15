import type { ShortlistEvidence } from '../../api/contract/shortlists'
import { signalDefinitions } from '../quality/signals'
import { date, formats, number, sheet, text, type Cell } from './cells'

const header = ['Rank', 'Key', 'Name', 'Signal', 'Value', 'Counted value', 'Weight', 'Points', 'Status', 'Facts', 'Citations', 'Evidence', 'As of']
const widths = [6, 12, 36, 18, 8, 9, 8, 8, 10, 50, 30, 70, 12]

/**
 * The third sheet: every signal of every project, eight rows a project, with what each counts for and what it rests
 * on. Citations are the ids of the Citations sheet; a project no longer in the catalogue keeps its eight rows, saying so.
 */
export function evidenceSheet({ projects }: ShortlistEvidence) {
  const rows = projects.flatMap((project, i): Cell[][] => {
    const lead = [number(i + 1, formats.count), text(project.key), text(project.name)]
    if (!project.in_catalogue) {
      return signalDefinitions.map((definition) => [...lead, text(definition.label), null, null, number(definition.weight, formats.score), null, text('not in the catalogue now')])
    }
    return project.signals.map((signal) => [
      ...lead,
      text(signal.label),
      number(signal.value, formats.score),
      number(signal.counted_value, formats.score),
      number(signal.weight, formats.score),
      number(signal.contribution, formats.points),
      text(signal.status),
      text(signal.facts.map((fact) => `${fact.name}: ${fact.value}`).join('; ')),
      text(signal.citations.join('; ')),
      text(signal.evidence),
      date(signal.as_of),
    ])
  })
  return sheet(header, rows, widths)
}
