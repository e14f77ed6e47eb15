import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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
    expect(await screen.findByText('On or after From (Jun 1, 2025); as typed, no record could match')).toBeInTheDocument()
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/On or after From/)
    expect(from).toHaveValue('2025-06-01')
    expect(screen.getByLabelText('To')).toHaveValue('2020-01-01')
    expect(router.state.location.search).toBe('')
  })

  it('says a name past 200 characters in words beside its field, keeps it, and leaves the address as it was', async () => {
    const { user, router } = renderApp('/credits')
    const name = await screen.findByLabelText('Retired for (beneficiary)')
    fireEvent.change(name, { target: { value: 'a'.repeat(201) } })
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    expect(await screen.findByText('At most 200 characters')).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription(/At most 200 characters/)
    expect(name).toHaveValue('a'.repeat(201))
    expect(router.state.location.search).toBe('')
  })

  it('names a name past 200 characters and a To before From at once, each beside its field', async () => {
    const { user, router } = renderApp('/credits')
    const name = await screen.findByLabelText('Retired for (beneficiary)')
    fireEvent.change(name, { target: { value: 'a'.repeat(201) } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-01' } })
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    expect(await screen.findByText('At most 200 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(/On or after From \(Jun 1, 2025\)/)
    expect(name).toHaveAccessibleDescription(/At most 200 characters/)
    expect(router.state.location.search).toBe('')
  })

  it("shows a link's filters that cannot filter records in their fields, with why, and reads no record rather than all of them", async () => {
    const long = 'b'.repeat(201)
    renderApp(`/credits?beneficiary=${long}&kind=bought&registry=VCS&from=2030-99-99`)
    const name = await screen.findByLabelText('Retired for (beneficiary)')
    expect(name).toHaveValue(long)
    await waitFor(() => expect(name).toHaveAccessibleDescription(/At most 200 characters/))
    // A kind that does not exist cannot be shown in the list: the field names it, and the good filter stays.
    expect(screen.getByLabelText('Kind')).toHaveAccessibleDescription(/The link's “bought” is not one of these/)
    // Nor can a date field show text that is no day: it is empty, and its message says what the link said.
    expect(screen.getByLabelText('From')).toHaveValue('')
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(/The link's “2030-99-99” is not a day \(YYYY-MM-DD\)/)
    expect(screen.getByLabelText('Registry')).toHaveValue('VCS')
    // Registries by their names, as every other page names them; "CCB" alone read as a label, not Cercarbono.
    expect(screen.getByRole('option', { name: 'Verra (VCS)' })).toHaveValue('VCS')
    expect(screen.getByRole('option', { name: 'Cercarbono' })).toHaveValue('CCB')
    // Only registries whose exports a source imports: Puro.earth's reads no file yet, and held nothing to filter by.
    await waitFor(() => expect(screen.queryByRole('option', { name: /Puro/ })).toBeNull())
    const notRead = screen.getByRole('heading', { name: 'Records not read' })
    expect(within(notRead.closest('section, div')!).getByText(/Correct the filters marked above/)).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: /Credit records/ })).toBeNull()
  })

  it("keeps a link's registry that no source imports, so the field shows what the link asked for", async () => {
    renderApp('/credits?registry=PURO')
    expect(await screen.findByLabelText('Registry')).toHaveValue('PURO')
  })
})

