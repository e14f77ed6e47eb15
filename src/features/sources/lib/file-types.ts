import { listInWords } from '../../../lib/list-in-words'

/**
 * The files an import reads, by their names' endings: a registry's export as CSV or a workbook, Berkeley's database
 * as its workbook or parquet (or a CSV). What the picker offers and what the form sends are the same list; a file
 * named otherwise (a picture, notes, a PDF) is refused at the field before it is uploaded, where it was uploaded and
 * its run failed, marking the source failing. The API still reads every file by its contents, whatever its name.
 */
export const importableEndings = (severalFiles: boolean): readonly string[] => (severalFiles ? ['.csv', '.xlsx'] : ['.xlsx', '.parquet', '.csv'])

/** The picker's `accept`: the endings, with the workbook's and CSV's media types for systems that filter by type. */
export const acceptAttribute = (severalFiles: boolean) =>
  [...importableEndings(severalFiles), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'].join(',')

/** ".csv or .xlsx", ".xlsx, .parquet or .csv". */
export const endingsInWords = (severalFiles: boolean) => {
  return listInWords(importableEndings(severalFiles), 'or')
}

/** The first file whose name ends in none of the endings an import reads, if any. */
export const notImportable = (files: readonly File[], severalFiles: boolean) =>
  files.find((file) => !importableEndings(severalFiles).some((ending) => file.name.toLowerCase().endsWith(ending)))
