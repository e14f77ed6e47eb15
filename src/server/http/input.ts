import type { Context } from 'hono'
import type * as z from 'zod/mini'
import { HttpProblem, validationFailed } from './problem'
import { fieldErrors } from './zod-errors'

export const maxBodyBytes = 64 * 1024

/**
 * Reads a JSON body: 415 unless it is JSON, 413 above 64 KiB, 400 when it does not parse, 422 when it does
 * not match the schema. The size is checked on the bytes actually read, not only on Content-Length.
 */
export async function readJsonBody<S extends z.ZodMiniType>(c: Context, schema: S, what: string): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', 'Send the body as JSON with `Content-Type: application/json`.')
  }
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > maxBodyBytes) throw tooLarge()
  const buffer = await c.req.arrayBuffer()
  if (buffer.byteLength > maxBodyBytes) throw tooLarge()
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(buffer))
  } catch {
    throw new HttpProblem(400, 'malformed-request', 'Malformed JSON', 'The body is not valid UTF-8 JSON.')
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error), what)
  return parsed.data
}

const tooLarge = () =>
  new HttpProblem(413, 'payload-too-large', 'Payload too large', `Bodies are limited to ${maxBodyBytes / 1024} KiB.`)

/**
 * Reads query parameters against a schema: parameters named in `repeated` may repeat and arrive as arrays; any other parameter given twice, or one the endpoint does not know, is a 400.
 */
export function readQuery<S extends z.ZodMiniObject>(c: Context, schema: S, repeated: ReadonlySet<string> = new Set()): z.infer<S> {
  const known = new Set(Object.keys(schema.shape))
  const raw: Record<string, string | string[]> = {}
  const url = new URL(c.req.url)
  const errors: { path: string; message: string }[] = []
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name)
    if (!known.has(name)) {
      errors.push({ path: name, message: `Unknown query parameter; this endpoint takes ${[...known].join(', ')}` })
    } else if (repeated.has(name)) {
      // Repeated, never comma-split: real values (labels, countries) contain commas.
      raw[name] = values.map((v) => v.trim()).filter(Boolean)
    } else if (values.length > 1) {
      errors.push({ path: name, message: 'Given more than once; this parameter takes one value' })
    } else {
      raw[name] = values[0]
    }
  }
  if (errors.length) throw badQuery(errors)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw badQuery(fieldErrors(parsed.error))
  return parsed.data
}

/** Query parameters refused, each with its path and why, as one 400 problem. */
export const badQuery = (errors: { path: string; message: string }[]) =>
  new HttpProblem(400, 'malformed-request', 'Invalid query parameters', `${errors.length === 1 ? 'A query parameter is' : `${errors.length} query parameters are`} invalid.`, {
    errors,
  })
