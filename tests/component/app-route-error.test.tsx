import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { AppProvider } from '../../src/app/provider'
import { Layout } from '../../src/app/layout'
import { expectTitle } from './render-app'

function Broken(): never {
  throw new Error('The shortlist could not be drawn')
}

describe('the route error boundary', () => {
  it('catches a page that fails to render and keeps the shell, with ways out', async () => {
    // React reports the caught error on the console; the test is about what the reader sees.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <AppProvider>
        <MemoryRouter>
          <Routes>
            <Route element={<Layout />}>
              <Route index element={<Broken />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProvider>,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('The shortlist could not be drawn')
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    await expectTitle('Something went wrong · Credence')
    consoleError.mockRestore()
  })
})
