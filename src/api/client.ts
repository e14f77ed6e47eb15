import type * as z from 'zod/mini'
import { problem, type FieldError, type Problem } from './contract/errors'

/**
 * The one way the app talks to the API: relative `/api` URLs through the proxy (which holds the token),
 * every response parsed with its contract schema once, every non-2xx turned into an ApiError.
 */
let baseUrl = ''

/** Tests that run outside a browser point the client at a proxy origin. */
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/$/, '')
}

export interface RateLimitInfo {
  limit: number
  remaining: number
  resetSeconds: number
}

type RateLimitListener = (info: RateLimitInfo) => void
const rateLimitListeners = new Set<RateLimitListener>()

/** The sandbox key answers with RateLimit headers; the app shell listens to show the quota left. */
export function onRateLimit(listener: RateLimitListener): () => void {
  rateLimitListeners.add(listener)
  return () => rateLimitListeners.delete(listener)
}

export class ApiError extends Error {
  readonly status: number
  readonly problem: Problem
  /** Seconds to wait before retrying, from `Retry-After` (429, 503). */
  readonly retryAfter: number | null

  constructor(status: number, body: Problem, retryAfter: number | null) {
    super(body.detail || body.title)
    this.name = 'ApiError'
    this.status = status
    this.problem = body
    this.retryAfter = retryAfter
  }

  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? []
  }
}

/** The request never reached the API, or its answer was not what the contract says. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'NetworkError'
  }
}

export interface RequestOptions {
  signal?: AbortSignal
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  body?: unknown
  headers?: Record<string, string>
}

export interface ApiResponse<T> {
  data: T
  headers: Headers
  status: number
}

function readRateLimit(headers: Headers) {
  const limit = Number(headers.get('ratelimit-limit'))
  const remaining = Number(headers.get('ratelimit-remaining'))
  const reset = Number(headers.get('ratelimit-reset'))
  if (!headers.has('ratelimit-limit') || !Number.isFinite(limit)) return
  const info = { limit, remaining, resetSeconds: Number.isFinite(reset) ? reset : 0 }
  for (const listener of rateLimitListeners) listener(info)
}

function retryAfterSeconds(headers: Pick<Headers, 'get'>): number | null {
  const value = headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  return apiErrorFrom(response.status, response.statusText, text, response.headers)
}

/** An answer's status and body as an ApiError; shared with the uploads, which go through XMLHttpRequest. */
export function apiErrorFrom(status: number, statusText: string, text: string, headers: Pick<Headers, 'get'>): ApiError {
  let body: Problem
  try {
    body = problem.parse(JSON.parse(text))
  } catch {
    // Something in front of the API (the proxy, a gateway) answered without a problem document.
    body = {
      type: 'about:blank',
      title: statusText || 'Request failed',
      status,
      detail:
        status === 502 || status === 504
          ? 'The Credence API cannot be reached right now.'
          : `The server answered ${status} ${statusText}`.trim(),
    }
  }
  return new ApiError(status, body, retryAfterSeconds(headers))
}

/** The URL of an API path, as the client sends it (relative in the browser, through the proxy). */
export const apiUrl = (path: string) => `${baseUrl}${path}`

/**
 * Sends a request through the proxy: the one place the app calls the API. A request that never reaches it is a
 * NetworkError, an answer not 2xx an ApiError; the answer's body is the caller's to read (JSON, or a file).
 */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new NetworkError('The Credence API cannot be reached. Check your connection; nothing you typed is lost.', {
      cause: error,
    })
  }
  readRateLimit(response.headers)
  if (!response.ok) throw await toApiError(response)
  return response
}

export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<ApiResponse<z.infer<S>>> {
  const response = await apiSend(path, options)
  const json: unknown = await response.json()
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new NetworkError(`The API answered ${path} in a shape this app does not understand.`, { cause: parsed.error })
  }
  return { data: parsed.data, headers: response.headers, status: response.status }
}

export async function apiGet<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions = {}) {
  return (await apiRequest(path, schema, options)).data
}
