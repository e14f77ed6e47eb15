import { createHash } from 'node:crypto'
import type * as z from 'zod/mini'
import { HttpProblem } from './problem'

/**
 * Keyset cursors, as a list answer gives them and a client hands them back (`after`, `before`): the position of
 * one record in the list's order, and the list and filter it was given under. Opaque to clients, so the order's
 * key can change without their noticing; not secret, since a position only says where to start reading.
 */

/**
 * The list and filter a cursor belongs to, as a short digest. A cursor read under another filter would start
 * from a record that filter may not keep: it is refused rather than answered with records skipped or repeated.
 */
export function cursorScope(list: string, filter: object): string {
  const given = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256').update(JSON.stringify([list, given])).digest('base64url').slice(0, 12)
}

export function writeCursor(scope: string, position: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify([scope, ...position]), 'utf8').toString('base64url')
}

/**
 * The position a cursor names, checked against its shape; a cursor that is not one this API wrote, or that was
 * written for another list or filter, is a 400 naming the parameter, never a query the store cannot run.
 */
export function readCursor<S extends z.ZodMiniType>(text: string, scope: string, parameter: string, position: S): z.infer<S> {
  const refuse = (message: string) =>
    new HttpProblem(400, 'malformed-request', 'Invalid cursor', `\`${parameter}\` ${message}`, { errors: [{ path: parameter, message }] })
  let decoded: unknown
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url')
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw refuse('is not a cursor this list gave: pass a `next_after` or `previous_before` as it was answered.')
  }
  if (!Array.isArray(decoded) || typeof decoded[0] !== 'string') throw refuse('is not a cursor this list gave: pass a `next_after` or `previous_before` as it was answered.')
  if (decoded[0] !== scope) throw refuse('was given for another list or other filters: a cursor continues only the list it came from.')
  const parsed = position.safeParse(decoded.slice(1))
  if (!parsed.success) throw refuse('is not a cursor this list gave: pass a `next_after` or `previous_before` as it was answered.')
  return parsed.data
}
