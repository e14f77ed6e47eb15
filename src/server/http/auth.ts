import { createHash, timingSafeEqual } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { Dataset } from '../db/schema'
import { HttpProblem } from './problem'

/** Who is calling: access tokens see the live data, the sandbox key the fixed dataset with no side effects. */
export interface Credential {
  kind: 'access' | 'sandbox'
  dataset: Dataset
  /** A stable, non-reversible name of the token, to scope idempotency keys and rate limits. */
  id: string
}

export type AuthVariables = { credential: Credential; requestId: string }

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 16)

function same(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y)
}

const unauthorized = (detail: string, error: 'invalid_request' | 'invalid_token') =>
  new HttpProblem(401, 'unauthorized', 'Unauthorized', detail, {
    headers: { 'WWW-Authenticate': `Bearer realm="credence", error="${error}"` },
  })

export function identify(header: string | undefined, tokens: { access: string[]; sandbox: string }): Credential {
  if (!header) throw unauthorized('Send an access token as `Authorization: Bearer <token>`.', 'invalid_request')
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw unauthorized('The Authorization header must have the form `Bearer <token>`.', 'invalid_request')
  const token = match[1]
  if (same(token, tokens.sandbox)) return { kind: 'sandbox', dataset: 'sandbox', id: fingerprint(token) }
  if (tokens.access.some((t) => same(token, t))) return { kind: 'access', dataset: 'live', id: fingerprint(token) }
  throw unauthorized('The token is not known or no longer valid.', 'invalid_token')
}

export const requireCredential = (tokens: { access: string[]; sandbox: string }) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    c.set('credential', identify(c.req.header('authorization'), tokens))
    await next()
  })
