import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { sendJsonText } from './json-answer'
import { problemTypeBase, type FieldError, type Problem, type ProblemType } from '../../api/contract/errors'

/** Thrown anywhere in a request; createApp's onError turns it into an RFC 9457 problem response. */
export class HttpProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: ProblemType,
    readonly title: string,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; after?: string; deletedAt?: Date } = {},
  ) {
    super(detail)
  }
}

export function problemBody(c: Context, p: HttpProblem): Problem {
  return {
    type: `${problemTypeBase}${p.type}`,
    title: p.title,
    status: p.status,
    detail: p.detail,
    // The path as asked, cut short: a problem never echoes an unbounded input back.
    instance: c.req.path.length > 200 ? `${c.req.path.slice(0, 200)}…` : c.req.path,
    request_id: c.get('requestId' as never) as string | undefined,
    ...(p.extra.errors ? { errors: p.extra.errors } : {}),
    ...(p.extra.after ? { after: p.extra.after } : {}),
    ...(p.extra.deletedAt ? { deleted_at: p.extra.deletedAt.toISOString() } : {}),
  }
}

export function problemResponse(c: Context, p: HttpProblem) {
  for (const [name, value] of Object.entries(p.extra.headers ?? {})) c.header(name, value)
  return sendJsonText(c, JSON.stringify(problemBody(c, p)), p.status, 'application/problem+json')
}

export const notFound = (what: string, id: string) =>
  new HttpProblem(404, 'not-found', 'Not found', `No ${what} with ID or key "${id.slice(0, 100)}".`)

/** What existed and was deleted: its id, and the day it went. */
export const gone = (what: string, id: string, deletedAt: Date) =>
  new HttpProblem(410, 'gone', 'Deleted', `The ${what} ${id.slice(0, 100)} was deleted on ${deletedAt.toISOString().slice(0, 10)}; nothing of it is kept but that.`, { deletedAt })

export const validationFailed = (errors: FieldError[], what = 'The request') =>
  new HttpProblem(422, 'validation', 'Validation failed', `${what} has ${errors.length === 1 ? 'an invalid field' : `${errors.length} invalid fields`}.`, {
    errors,
  })

/**
 * The store was held past the wait a request is given (a run writing a large import): nothing was changed, and the
 * client is told to come back in about that wait again, when the writing has often moved on or finished.
 */
export const storeBusy = (waitedMs: number) =>
  new HttpProblem(503, 'store-busy', 'Credence is busy for a moment', `Other work held the store past the ${waitedMs} ms a read waits for it: a run writing its changes, most often, or a first start seeding its sample data. Nothing was changed; try again shortly.`, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(waitedMs / 1000))) },
  })
