import type { Context } from 'hono'
import { maxFileBytes } from '../../api/contract/files'
import { HttpProblem, validationFailed } from './problem'

/** Room for a multipart body's boundaries and part headers around a file of the largest size. */
const multipartOverhead = 64 * 1024

/** The rest of the body is not read, so the connection cannot carry another request: the client is told to close it. */
const tooLarge = () =>
  new HttpProblem(413, 'payload-too-large', 'File too large', `Files are limited to ${maxFileBytes / 1024 / 1024} MiB.`, {
    headers: { Connection: 'close' },
  })

class BodyTooLarge extends Error {}

/**
 * The request body as a stream that errors as soon as more than `limit` bytes have arrived, so an oversize
 * upload is refused while it streams in, not after all of it was buffered.
 */
function limitedBody(c: Context, limit: number): ReadableStream<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? 0)
  if (declared > limit) throw tooLarge()
  const body = c.req.raw.body
  if (!body) return new ReadableStream({ start: (controller) => controller.close() })
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(new BodyTooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let length = 0
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    length += value.byteLength
  }
  const out = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

/** A file's name as given, reduced to its last path segment and stripped of control characters. */
function fileName(raw: string | undefined | null): string | null {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const name = [...last].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 255)
  return name === '' ? null : name
}

/**
 * Reads one uploaded file: a raw body named by `?name=`, or `multipart/form-data` with exactly one file part,
 * parsed by the platform's (undici's) FormData reader, which Hono's own body parsing uses too.
 */
export async function readUpload(c: Context, queryName: string | undefined): Promise<{ name: string; bytes: Uint8Array }> {
  const type = c.req.header('content-type') ?? ''
  try {
    if (/^multipart\/form-data/i.test(type)) {
      const request = new Request(c.req.url, {
        method: 'POST',
        headers: { 'content-type': type },
        body: limitedBody(c, maxFileBytes + multipartOverhead),
        duplex: 'half',
      } as RequestInit)
      let form: FormData
      try {
        form = await request.formData()
      } catch (error) {
        if (error instanceof BodyTooLarge || (error as { cause?: unknown }).cause instanceof BodyTooLarge) throw error
        throw new HttpProblem(400, 'malformed-request', 'Malformed multipart body', 'The body is not readable multipart/form-data.')
      }
      const files = [...form.values()].filter((v): v is File => typeof v !== 'string')
      if (files.length !== 1) {
        throw validationFailed([{ path: 'file', message: `Send exactly one file part; this body has ${files.length}` }], 'The upload')
      }
      const [file] = files
      if (file.size > maxFileBytes) throw tooLarge()
      const name = fileName(file.name) ?? fileName(queryName)
      if (!name) throw validationFailed([{ path: 'file', message: 'The file part has no file name' }], 'The upload')
      return { name, bytes: new Uint8Array(await file.arrayBuffer()) }
    }
    const name = fileName(queryName)
    if (!name) throw validationFailed([{ path: 'name', message: 'Name the file with ?name=, e.g. ?name=vrod.xlsx' }], 'The upload')
    return { name, bytes: await collect(limitedBody(c, maxFileBytes)) }
  } catch (error) {
    if (error instanceof BodyTooLarge || (error as { cause?: unknown }).cause instanceof BodyTooLarge) throw tooLarge()
    throw error
  }
}
