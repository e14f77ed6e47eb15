import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from './render-app'

describe('the Credits view filters', () => {
  it('names a To day before From next to To, keeps both days, and leaves the address as it was', async () => {
    const { user, router } = renderApp('/credits')
    const from = await screen.findByLabelText('From')
    // A date input takes its day whole, as the browser's picker gives it.
    fireEvent.change(from, { target: { value: '2025-06-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-01' } })
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    expect(await screen.findByText('On or after From (2025-06-01); as typed, no record could match')).toBeInTheDocument()
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/On or after From/)
    expect(from).toHaveValue('2025-06-01')
    expect(screen.getByLabelText('To')).toHaveValue('2020-01-01')
    expect(router.state.location.search).toBe('')
  })
})
