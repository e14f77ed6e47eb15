import * as XLSX from '@e965/xlsx'
import { citationsSheet } from './citations-sheet'
import { evidenceSheet } from './evidence-sheet'
import type { ShortlistPackContents } from './pack-contents'
import { shortlistSheet } from './shortlist-sheet'
import { sourcesSheet } from './sources-sheet'
import { summarySheet } from './summary-sheet'
import { shortlistFileName } from '../../lib/shortlist-file-name'

/** The name a pack is saved under, beside the CSV's (`shortlistFileName`). */
export const packFileName = (contents: Pick<ShortlistPackContents, 'recommendation' | 'name'>) => shortlistFileName({ id: contents.recommendation.id, name: contents.name }, 'xlsx')

/**
 * The shortlist as a workbook a committee can file: Summary, Shortlist, Evidence, Citations and Sources. Written with
 * SheetJS, which the project already reads workbooks with: it writes typed cells with number formats and links,
 * and writes a formula only where a cell is given one, which no cell here is.
 */
export function writeShortlistPack(contents: ShortlistPackContents): Buffer {
  const workbook = XLSX.utils.book_new()
  workbook.Props = { Title: `Credence shortlist ${contents.recommendation.id}`, Author: 'Credence', CreatedDate: contents.madeAt }
  XLSX.utils.book_append_sheet(workbook, summarySheet(contents), 'Summary')
  XLSX.utils.book_append_sheet(workbook, shortlistSheet(contents.recommendation.items), 'Shortlist')
  XLSX.utils.book_append_sheet(workbook, evidenceSheet(contents.evidence), 'Evidence')
  XLSX.utils.book_append_sheet(workbook, citationsSheet(contents.evidence.citations), 'Citations')
  XLSX.utils.book_append_sheet(workbook, sourcesSheet(contents.sources), 'Sources')
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}
