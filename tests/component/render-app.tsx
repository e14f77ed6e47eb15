import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { RouterProvider } from 'react-router-dom'
import { createAppMemoryRouter } from '../../src/app/app-router'
import { AppProvider } from '../../src/app/provider'

/** The whole app at a URL, on a fresh cache that does not retry, talking to the real API through the proxy. */
export function renderApp(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createAppMemoryRouter([url])
  return { router, queryClient, ...render(<AppProvider queryClient={queryClient}><RouterProvider router={router} /></AppProvider>) }
}
