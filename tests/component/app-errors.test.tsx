import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, apiGet, NetworkError } from '../../src/api/client'
import { describeError } from '../../src/api/error-message'
import { recommendation } from '../../src/api/contract/recommendations'
import { OutageBanner } from '../../src/app/outage-banner'
import { createQueryClient, maxRetryAfterSeconds, maxUnavailableRetries, retryDelay, shouldRetry } from '../../src/app/query-client'
import { QueryError } from '../../src/components/query-error'
import { Toaster } from '../../src/components/toaster'

const problem = (status: number, title: string, detail: string) => ({ type: 'about:blank', title, status, detail })
const quota = (retryAfter: number | null) => new ApiError(429, problem(429, 'Too Many Requests', 'Quota used up'), retryAfter)
const databaseAway = new ApiError(
  503,
  {
    type: 'https://credence.example/problems/service-unavailable',
    title: 'Service unavailable',
    status: 503,
    detail: 'The database is unavailable. Nothing was changed; try again shortly.',
  },
  5,
)

describe('the retry policy', () => {
  it('retries a 429 after its Retry-After, a little past the reset, a bounded number of times', () => {
    expect(shouldRetry(0, quota(12))).toBe(true)
    expect(retryDelay(0, quota(12))).toBe(12_250)
    expect(shouldRetry(2, quota(12))).toBe(false)
  })

  it('leaves a 429 whose wait is beyond the cap to the reader', () => {
    expect(shouldRetry(0, quota(maxRetryAfterSeconds + 1))).toBe(false)
  })

  it('retries an unreachable API with backoff, and never another 4xx', () => {
    expect(shouldRetry(0, new NetworkError('down'))).toBe(true)
    expect(retryDelay(1, new NetworkError('down'))).toBe(2000)
    expect(shouldRetry(0, new ApiError(502, problem(502, 'Bad Gateway', 'down'), null))).toBe(true)
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, problem(status, 'No', 'no'), null))).toBe(false)
    }
  })

  it('says a refused credential is the app\'s token, and what to set', () => {
    const refused = describeError(new ApiError(401, problem(401, 'Unauthorized', 'Unknown token'), null))
    expect(refused.kind).toBe('credential')
    expect(refused.detail).toMatch(/CREDENCE_API_TOKEN/)
  })

  it('keeps retrying an outage for minutes, never sooner than its Retry-After and less often as it lasts', () => {
    expect(shouldRetry(maxUnavailableRetries - 1, databaseAway)).toBe(true)
    expect(shouldRetry(maxUnavailableRetries, databaseAway)).toBe(false)
    expect(shouldRetry(10, new ApiError(502, problem(502, 'Bad Gateway', 'down'), null))).toBe(true)
    expect(retryDelay(0, databaseAway)).toBe(5_250)
    expect(retryDelay(5, databaseAway)).toBe(10_000)
    expect(shouldRetry(2, new ApiError(500, problem(500, 'Internal error', 'bug'), null))).toBe(false)
  })
})

describe('errors the reader sees', () => {
  it('explains a used-up quota with when it renews, and offers to try again', async () => {
    const onRetry = vi.fn()
    render(<QueryError error={quota(12)} onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Evaluation quota used up')
    expect(screen.getByRole('alert')).toHaveTextContent('renews in about 12 seconds')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('says when the API cannot be reached', () => {
    render(<QueryError error={new NetworkError('The Credence API cannot be reached.')} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the Credence API')
  })

  it("says Credence is temporarily unavailable, in the API's words, while its database is away", () => {
    render(<QueryError error={databaseAway} what="the projects" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Credence is temporarily unavailable')
    expect(screen.getByRole('alert')).toHaveTextContent('The database is unavailable.')
  })

  it('says Credence is busy for a moment, not that it is unavailable, while the store is busy past the wait', () => {
    const busy = new ApiError(
      503,
      {
        type: 'https://credence.example/problems/store-busy',
        title: 'Credence is busy for a moment',
        status: 503,
        detail: 'Other work held the store past the 2000 ms a read waits for it: a run writing its changes, most often, or a first start seeding its sample data. Nothing was changed; try again shortly.',
      },
      2,
    )
    expect(describeError(busy)).toMatchObject({ kind: 'unavailable', title: 'Credence is busy for a moment', retryAfter: 2 })
    expect(describeError(databaseAway).title).toBe('Credence is temporarily unavailable')
  })

  it('says so in the shell while a page waits out an outage, and no more once the service answers', async () => {
    const client = createQueryClient()
    render(
      <QueryClientProvider client={client}>
        <OutageBanner />
      </QueryClientProvider>,
    )
    let away = true
    const observer = new QueryObserver(client, {
      queryKey: ['outage'],
      queryFn: async () => {
        if (away) throw databaseAway
        return 'served'
      },
      retryDelay: 20,
    })
    const unsubscribe = observer.subscribe(() => {})
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Credence is temporarily unavailable'))
    expect(screen.getByRole('status')).toHaveTextContent('load on their own once the service is back')
    away = false
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement())
    expect(observer.getCurrentResult().data).toBe('served')
    unsubscribe()
  })

  it('shows the API problem for a failed first load', async () => {
    const error = await apiGet('/api/recommendations/rec_nope', recommendation).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    render(<QueryError error={error} what="this shortlist" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load this shortlist')
  })

  it('announces a failed background refresh of data already on screen as a toast, and not a failed first load', async () => {
    const client: QueryClient = createQueryClient()
    client.setDefaultOptions({ queries: { retry: false } })
    render(<Toaster />)
    const fetchMissing = () => apiGet('/api/recommendations/rec_gone', recommendation)

    await client.fetchQuery({ queryKey: ['first-load'], queryFn: fetchMissing }).catch(() => undefined)
    expect(screen.getByRole('status')).toBeEmptyDOMElement()

    client.setQueryData(['on-screen'], { shown: true })
    const observer = new QueryObserver(client, { queryKey: ['on-screen'], queryFn: fetchMissing, staleTime: 0 })
    const unsubscribe = observer.subscribe(() => {})
    await observer.refetch()
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Could not refresh/))
    unsubscribe()
  })
})
