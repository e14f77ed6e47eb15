import { QueryClient } from '@tanstack/react-query'
import { render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { InitialEntry } from 'react-router-dom'
import { expect } from 'vitest'
import { createAppMemoryRouter } from '../../src/app/app-router'
import { AppProvider } from '../../src/app/provider'

// jsdom does not lay pages out, so it has no scrolling; the router's scroll restoration calls it anyway.
window.scrollTo = () => {}

/**
 * The whole app (shell, lazy routes, provider) at one URL (or a history entry with its state), in memory, with a fresh QueryClient per test
 * that never retries, so a failure shows at once and no test shares a cache with another.
 */
export function renderApp(url: InitialEntry) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createAppMemoryRouter([url])
  const user = userEvent.setup()
  const view = render(
    <AppProvider queryClient={queryClient}>
      {router.element}
    </AppProvider>,
  )
  return { ...view, user, router, queryClient }
}

/**
 * Waits for the tab's title: a page names its tab in an effect, which React may run just after the content a test
 * found (a CI run on a busy machine read the route's title, not yet the page's own).
 */
export async function expectTitle(title: string | RegExp) {
  await waitFor(() => (typeof title === 'string' ? expect(document.title).toBe(title) : expect(document.title).toMatch(title)))
}
