import { md5Id } from '../core/ids'

/**
 * A raw string that names (or fails to name) who credits were retired for: the text of one registry field, as the
 * registry wrote it, its spaces made single. Two records whose field says the same thing share one spelling, so a
 * million records name a few tens of thousands of spellings, and what the rules and analysts decide is decided
 * once per spelling.
 */
export interface Spelling {
  /** The registry's own field name (`Retirement Beneficiary`, `Note`, `end_user`). */
  field: string
  text: string
}

/** A field's text with its spaces (non-breaking ones and line breaks included) made single, composed as NFC. */
export const spellingText = (raw: string) => raw.normalize('NFC').replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim()

/**
 * A spelling's id: `md5Id` of its field and text, so a parsing worker names a record's spelling without asking the
 * store, as it names a search text.
 */
export const spellingId = (spelling: Spelling): string => md5Id(`${spelling.field}\u001f${spelling.text}`)
