import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { AppProvider } from '../../src/app/provider'
import { RouteError } from '../../src/app/route-error'

function Broken(): never {
  throw new Error('The shortlist could not be drawn')
}

describe('the route error boundary', () => {
  it('catches a page that fails to render and keeps the shell, with ways out', async () => {
    // React reports the caught error on the console; the test is about what the reader sees.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteError /> }])
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The shortlist could not be drawn')
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(document.title).toBe('Something went wrong · Credence')
    consoleError.mockRestore()
  })
})
