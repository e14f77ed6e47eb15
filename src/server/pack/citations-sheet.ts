import type { RatingCitation } from '../../api/contract/rating-method'
import { formats, link, number, sheet, text } from './cells'

/** The fourth sheet: each work the Evidence sheet cites, by the id it cites it by. */
export function citationsSheet(citations: readonly RatingCitation[]) {
  return sheet(
    ['Id', 'Authors', 'Year', 'Title', 'Link', 'Reference'],
    citations.map((citation) => [
      text(citation.id),
      text(citation.authors),
      number(citation.year, formats.year),
      text(citation.title),
      link(citation.url),
      text(citation.text),
    ]),
    [24, 30, 6, 60, 40, 90],
  )
}
