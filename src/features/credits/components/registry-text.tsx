import type { CreditRecord } from '../../../api/contract/credits'
import { formatNumber } from '../../../lib/format'
import { saveFile } from '../../../lib/save-file'
import { textHead } from '../../../lib/text-head'

/**
 * How much of a registry's field a record shows: a name or a sentence about whom credits were retired for is a few
 * hundred characters at most. A field can hold a million (within the import's cell limit), which shown whole made a
 * record's details hundreds of thousands of pixels tall on a phone.
 */
export const shownChars = 500

/** A file name for one field of one record: its field and row, in letters a file system takes. */
const fileNameOf = (record: CreditRecord, field: string) =>
  `${`${field}-row-${record.source.row}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.txt`

/**
 * What a registry wrote in one field of a record, as it wrote it: whole when short, otherwise its beginning, how long
 * it is, and the whole text to download.
 */
export function RegistryText({ record, field, text }: { record: CreditRecord; field: string; text: string }) {
  if (text.length <= shownChars) return <>{text}</>
  return (
    <>
      {textHead(text, shownChars)}…{' '}
      <span className="muted">{formatNumber(text.length)} characters in all.</span>{' '}
      <button type="button" className="button-link" onClick={() => saveFile(fileNameOf(record, field), new Blob([text], { type: 'text/plain;charset=utf-8' }))}>
        Download all {formatNumber(text.length)} characters
      </button>
    </>
  )
}
