import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { setApiBaseUrl } from '../../src/api/client'
import type { SourceRunPage } from '../../src/api/contract/sources'
import { useStartSourceRun } from '../../src/features/sources/api/use-start-source-run'

/**
 * A stand-in for a flaky network between the app and the API: it notes every run request's headers, and
 * while `dropNext` is set it answers 502 instead of passing the request on.
 */
let recorder: Server
const seen: IncomingHttpHeaders[] = []
let dropNext = 0

beforeAll(async () => {
  const upstream = new URL(inject('proxyUrl'))
  recorder = createServer((incoming, outgoing) => {
    if (incoming.method === 'POST') seen.push(incoming.headers)
    if (incoming.method === 'POST' && dropNext > 0) {
      dropNext--
      incoming.resume()
      outgoing.writeHead(502).end()
      return
    }
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    incoming.pipe(forward)
  })
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
  const address = recorder.address()
  setApiBaseUrl(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`)
})

afterAll(() => {
  setApiBaseUrl(inject('proxyUrl'))
  recorder.close()
})

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

const keysOnPage = async (page: number) =>
  ((await (await fetch(`${inject('proxyUrl')}/api/projects?sort=key&per_page=2&page=${page}`)).json()) as { data: { key: string }[] }).data.map((p) => p.key)
const runsFor = async (keys: string[]) =>
  ((await (await fetch(`${inject('proxyUrl')}/api/source-runs?per_page=100`)).json()) as SourceRunPage).data.filter(
    (run) => JSON.stringify(run.project_keys) === JSON.stringify(keys),
  )

describe('starting a run exactly once', () => {
  it('sends one request for two submissions in quick succession', async () => {
    const keys = await keysOnPage(21)
    const { result } = renderHook(() => useStartSourceRun(), { wrapper })
    seen.length = 0
    const [first, second] = await act(() =>
      Promise.all([result.current.start({ source: 'ratings', project_keys: keys }), result.current.start({ source: 'ratings', project_keys: keys })]),
    )
    expect(first.id).toBe(second.id)
    expect(seen).toHaveLength(1)
    expect(await runsFor(keys)).toHaveLength(1)
  })

  it('retries a failed submission with the same Idempotency-Key, so the API answers with one run', async () => {
    const keys = await keysOnPage(22)
    const { result } = renderHook(() => useStartSourceRun(), { wrapper })
    seen.length = 0
    dropNext = 1
    await act(() => expect(result.current.start({ source: 'ratings', project_keys: keys })).rejects.toThrow())
    const run = await act(() => result.current.start({ source: 'ratings', project_keys: keys }))
    expect(run.state).toMatch(/queued|running|succeeded/)
    expect(seen).toHaveLength(2)
    expect(seen[1]['idempotency-key']).toBe(seen[0]['idempotency-key'])
    expect(await runsFor(keys)).toHaveLength(1)
  })

  it('takes a new key once the request changes or has succeeded', async () => {
    const keys = await keysOnPage(23)
    const { result } = renderHook(() => useStartSourceRun(), { wrapper })
    seen.length = 0
    dropNext = 1
    await act(() => expect(result.current.start({ source: 'ratings', project_keys: keys })).rejects.toThrow())
    await act(() => result.current.start({ source: 'ratings', project_keys: keys.slice(0, 1) }))
    await act(() => result.current.start({ source: 'ratings', project_keys: keys.slice(0, 1) }))
    const used = seen.map((headers) => headers['idempotency-key'])
    expect(new Set(used).size).toBe(3)
  })
})
