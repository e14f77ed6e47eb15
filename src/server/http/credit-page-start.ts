import * as z from 'zod/mini'
import { numberedRecordsDepth, type CreditListQuery } from '../../api/contract/credits'
import type { CreditPageStart, CreditPageTooDeep } from '../credits/credit-page'
import type { CreditPosition } from '../db/queries/credits'
import { readCursor, writeCursor } from './cursor'
import { HttpProblem } from './problem'

/**
 * A credit record's position as its cursor holds it: its day (null when undated) and its id. Checked here, so
 * what reaches the store is a day it can read (no year 0) and an id of a sane length.
 */
const position = z.tuple([
  z.nullable(z.iso.date().check(z.refine((day) => !day.startsWith('0000'), 'no year 0'))),
  z.string().check(z.minLength(1), z.maxLength(1000)),
])

export const creditCursor = (scope: string, at: CreditPosition) => writeCursor(scope, [at.day, at.id])

/** Where the asked page begins: `page`, `after` or `before`, one at most (the first page when none). */
export function creditPageStart({ page, after, before }: Pick<CreditListQuery, 'page' | 'after' | 'before'>, scope: string): CreditPageStart {
  const given = (['page', 'after', 'before'] as const).filter((name) => ({ page, after, before })[name] !== undefined)
  if (given.length > 1) {
    const message = 'A page is asked for by one of `page`, `after` and `before`'
    throw new HttpProblem(400, 'malformed-request', 'Invalid query parameters', `${message}; this request gives ${given.join(' and ')}.`, {
      errors: given.map((path) => ({ path, message })),
    })
  }
  const read = (text: string, parameter: string) => {
    const [day, id] = readCursor(text, scope, parameter, position)
    return { day, id }
  }
  if (after !== undefined) return { after: read(after, 'after') }
  if (before !== undefined) return { before: read(before, 'before') }
  return { page: page ?? 1 }
}

/** A numbered page too deep, refused with the cursor to read on from. */
export function pageTooDeep(refused: CreditPageTooDeep, scope: string): HttpProblem {
  const depth = numberedRecordsDepth.toLocaleString('en-US')
  const begins = ((refused.page - 1) * refused.perPage + 1).toLocaleString('en-US')
  const asked = `Page ${refused.page.toLocaleString('en-US')}, at ${refused.perPage} records a page, begins at record ${begins}; numbered pages reach the first ${depth} records.`
  if (!refused.resume) return new HttpProblem(400, 'page-too-deep', 'Page too deep', `${asked} These filters keep no record.`)
  const after = creditCursor(scope, refused.resume)
  return new HttpProblem(
    400,
    'page-too-deep',
    'Page too deep',
    `${asked} Read on by cursor: after=${after} continues after the last record a numbered page shows, and each page's next_after gives the next.`,
    { after, errors: [{ path: 'page', message: `Numbered pages begin among the first ${depth} records; read deeper with after=${after}` }] },
  )
}
