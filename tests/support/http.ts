/** Small helpers for speaking HTTP to a real API in tests. */
export const tokens = { live: 'dev-access-token', sandbox: 'sandbox-key' }

export interface Answer<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

export async function call<T = any>(
  base: string,
  path: string,
  options: { token?: string | null; method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  // Uncompressed, as curl asks by default: suites read thousands of answers, and compressing Berkeley's pages was a
  // fifth of the API's CPU in reconciliation.test.ts. The browser lane's pages ask for gzip, as does coverage.test.ts.
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...options.headers }
  const token = options.token === undefined ? tokens.live : options.token
  if (token) headers.authorization = `Bearer ${token}`
  let body = options.body
  if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(`${base}${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body })
  const text = await response.text()
  let parsed: unknown = undefined
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

/**
 * A read asked again while the embedded store is busy, after the seconds its `503` says (`Retry-After`), as the app
 * does: a run's upkeep after its commit (the new catalogue's sums, the statistics) may hold the store past the read's
 * wait on a loaded machine. Any other answer, or the tenth refusal, is returned.
 */
export async function callWhenStoreFree<T = any>(base: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<Answer<T>> {
  for (let attempt = 1; ; attempt++) {
    const answer = await call<T>(base, path, options)
    if (answer.status !== 503 || attempt === 10) return answer
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000))
  }
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('Timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
