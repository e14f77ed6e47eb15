import { Readable } from 'node:stream'
import busboy from 'busboy'
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
class MalformedMultipart extends Error {}

/**
 * The request body as a stream that errors as soon as more than `limit` bytes have arrived, so an oversize
 * upload is refused while it streams in, whatever its Content-Length said.
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

/** A file's name as given, reduced to its last path segment and stripped of control characters. */
function fileName(raw: string | undefined | null): string | null {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const name = [...last].filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 255)
  return name === '' ? null : name
}

/**
 * What the request says of the file's size before its body is read: a raw body's Content-Length is the file's
 * size exactly; a multipart body's bounds it (the file plus its framing). Neither when the body is chunked.
 */
export interface DeclaredSize {
  exactly?: number
  atMost?: number
}

/** Where an upload's bytes go as they arrive, and how to undo it when the request turns out unusable after all. */
export interface UploadSink<T> {
  store(name: string, body: AsyncIterable<Uint8Array>, size: DeclaredSize): Promise<T>
  discard(stored: T): Promise<void>
}

/**
 * Streams one uploaded file into `sink`: a raw body named by `?name=`, or `multipart/form-data` with exactly one
 * file part, parsed as it arrives (busboy). Nothing holds the whole body: each piece goes to storage as it comes.
 */
export async function receiveUpload<T>(c: Context, queryName: string | undefined, sink: UploadSink<T>): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  const length = c.req.header('content-length')
  const declared = length === undefined || !/^\d+$/.test(length) ? undefined : Number(length)
  try {
    if (/^multipart\/form-data/i.test(type)) return await receiveMultipart(c, type, queryName, sink, { atMost: declared })
    const name = fileName(queryName)
    if (!name) throw validationFailed([{ path: 'name', message: 'Name the file with ?name=, e.g. ?name=vrod.xlsx' }], 'The upload')
    return await sink.store(name, limitedBody(c, maxFileBytes), { exactly: declared })
  } catch (error) {
    if (error instanceof BodyTooLarge || (error as { cause?: unknown }).cause instanceof BodyTooLarge) throw tooLarge()
    if (error instanceof MalformedMultipart) {
      throw new HttpProblem(400, 'malformed-request', 'Malformed multipart body', 'The body is not readable multipart/form-data.')
    }
    throw error
  }
}

function receiveMultipart<T>(c: Context, type: string, queryName: string | undefined, sink: UploadSink<T>, size: DeclaredSize): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fileSize: maxFileBytes, fields: 20, fieldSize: 64 * 1024, parts: 40 } })
    } catch {
      reject(new MalformedMultipart())
      return
    }
    let files = 0
    let stored: Promise<T> | undefined
    let failed: unknown
    const fail = (error: unknown) => (failed ??= error)
    parser.on('file', (_field, stream, info) => {
      files++
      const name = fileName(info.filename) ?? fileName(queryName)
      if (files > 1 || !name) {
        stream.resume()
        if (!name) fail(validationFailed([{ path: 'file', message: 'The file part has no file name' }], 'The upload'))
        return
      }
      stream.on('limit', () => stream.destroy(new BodyTooLarge()))
      stored = sink.store(name, stream, size)
      stored.catch((error: unknown) => {
        fail(error)
        // The file stream is no longer read (the quota is full, the file too large): busboy would wait for it
        // forever, so the parse ends here and the request is answered with why.
        parser.destroy()
      })
    })
    // busboy stops at `files: 1` and says so: a second file part makes the body unusable.
    parser.on('filesLimit', () => {
      files++
    })
    parser.on('error', () => fail(new MalformedMultipart()))
    parser.on('close', async () => {
      const outcome = await stored?.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      )
      if (outcome && 'value' in outcome && (failed || files !== 1)) await sink.discard(outcome.value).catch(() => undefined)
      if (failed) reject(failed)
      else if (files !== 1) reject(validationFailed([{ path: 'file', message: `Send exactly one file part; this body has ${files}` }], 'The upload'))
      else if (outcome && 'value' in outcome) resolve(outcome.value)
      else reject(outcome?.error ?? new MalformedMultipart())
    })
    const body = Readable.fromWeb(limitedBody(c, maxFileBytes + multipartOverhead) as import('node:stream/web').ReadableStream<Uint8Array>)
    body.on('error', (error) => {
      fail(error)
      parser.destroy(error)
    })
    body.pipe(parser)
  })
}
