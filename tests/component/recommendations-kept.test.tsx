import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation, recommendationQueries } from '../../src/api/queries/recommendations'
import { formatDate, formatUsd } from '../../src/lib/format'
import { expectTitle, renderApp } from './render-app'

describe('the shortlists page', () => {
  let made: Recommendation
  beforeAll(async () => {
    made = await createRecommendation({ budget_usd: 123_456, type: undefined, co_benefits: ['water'] })
  })

  it('lists the shortlist just made, with its brief, budget and a link to it', async () => {
    renderApp('/shortlists')
    expect(await screen.findByRole('heading', { level: 1, name: 'Shortlists' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Your shortlists, newest first' })
    const row = within(table).getByText(made.id).closest('tr')!
    expect(within(row).getByText(formatUsd(123_456))).toBeInTheDocument()
    expect(within(row).getByText('Water')).toBeInTheDocument()
    // Unnamed, it is linked by what it asked: the time it was made is in its own column, alike for a day's briefs.
    const link = within(row).getAllByRole('link')[0]
    expect(link).toHaveAttribute('href', `/recommendations/${made.id}`)
    expect(link).toHaveAccessibleName(`${formatUsd(123_456)} · Water`)
    const refine = within(row).getByRole('link', { name: `Refine the brief of ${made.id}` })
    expect(refine.getAttribute('href')).toMatch(new RegExp(`^/\\?budget_usd=123456&co_benefit=water&refine=${made.id}$`))
    await expectTitle('Shortlists · Credence')
  })

  it('names a shortlist in place, and shows the name it was given', async () => {
    const { user } = renderApp('/shortlists')
    const table = await screen.findByRole('table', { name: 'Your shortlists, newest first' })
    const row = within(table).getByText(made.id).closest('tr')!
    await user.click(within(row).getByRole('button', { name: new RegExp(`^Name it \\(${made.id}\\)`) }))
    const field = within(row).getByLabelText('Shortlist name')
    await user.type(field, 'x'.repeat(121))
    await user.click(within(row).getByRole('button', { name: 'Save name' }))
    expect(await within(row).findByText('A name is at most 120 characters')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, 'Board paper, Q3')
    await user.click(within(row).getByRole('button', { name: 'Save name' }))
    expect(await within(table).findByRole('link', { name: 'Board paper, Q3' })).toHaveAttribute('href', `/recommendations/${made.id}`)
    // Emptied, or left as spaces, the field takes the name away, and its button says so before it is pressed.
    await user.click(within(row).getByRole('button', { name: /^Rename/ }))
    const again = within(row).getByLabelText('Shortlist name')
    await user.clear(again)
    await user.type(again, '   ')
    expect(within(row).queryByRole('button', { name: 'Save name' })).not.toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Remove the name' })).toBeInTheDocument()
    // Kept for the next case: cancelled, the name stays.
    await user.click(within(row).getByRole('button', { name: 'Cancel' }))
    expect(await within(table).findByRole('link', { name: 'Board paper, Q3' })).toBeInTheDocument()
  })

  it('titles the named shortlist by its name, and a shortlist already read takes a new name given meanwhile', async () => {
    // Read afresh, the answer carries the name given on the Shortlists page (the test above).
    const { user } = renderApp(`/recommendations/${made.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Board paper, Q3' })).toBeInTheDocument()
    expect(screen.getByText(/^Shortlist · \d+ ranked projects? · made/)).toBeInTheDocument()
    await expectTitle(/^Board paper, Q3: shortlist of \d+ projects? · Credence$/)

    // Kept in the app's cache for good once read, it takes a name given in the same visit.
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Shortlists' }))
    const row = within(await screen.findByRole('table', { name: 'Your shortlists, newest first' })).getByText(made.id).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Rename (Board paper, Q3)' }))
    const field = within(row).getByLabelText('Shortlist name')
    await user.clear(field)
    await user.type(field, 'Board paper, Q4')
    await user.click(within(row).getByRole('button', { name: 'Save name' }))
    await user.click(await within(row).findByRole('link', { name: 'Board paper, Q4' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Board paper, Q4' })).toBeInTheDocument()
  })

  it('cancels naming with Escape, keeping the name, and gives the focus back to the button that opened the form', async () => {
    const { user } = renderApp('/shortlists')
    const table = await screen.findByRole('table', { name: 'Your shortlists, newest first' })
    const row = within(table).getByText(made.id).closest('tr')!
    const rename = () => within(row).getByRole('button', { name: /^(Rename|Name it) / })
    const before = rename().textContent
    await user.click(rename())
    await user.type(within(row).getByLabelText('Shortlist name'), ' (draft)')
    await user.keyboard('{Escape}')
    expect(within(row).queryByLabelText('Shortlist name')).not.toBeInTheDocument()
    expect(rename()).toHaveFocus()
    expect(rename().textContent).toBe(before)
    // Saved with Enter, the focus is back on the button too, now naming the new name.
    await user.keyboard('{Enter}')
    const field = within(row).getByLabelText('Shortlist name')
    await user.clear(field)
    await user.type(field, 'Board paper, Q5{Enter}')
    expect(await within(table).findByRole('link', { name: 'Board paper, Q5' })).toBeInTheDocument()
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Rename (Board paper, Q5)' })).toHaveFocus())
  })

  it('deletes a shortlist once asked twice: the row goes, the page says which went, and its link, read before, says it was deleted and when', async () => {
    const doomed = await createRecommendation({ budget_usd: 77_000, type: undefined, co_benefits: [] })
    const { user, queryClient, unmount } = renderApp(`/recommendations/${doomed.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: /Shortlist/ })).toBeInTheDocument()
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Shortlists' }))
    const table = await screen.findByRole('table', { name: 'Your shortlists, newest first' })
    const row = within(table).getByText(doomed.id).closest('tr')!
    // The first press only asks; keeping it leaves the row as it was.
    await user.click(within(row).getByRole('button', { name: `Delete (${doomed.id})` }))
    const question = within(row).getByRole('group', { name: `Delete ${doomed.id}` })
    expect(question).toHaveTextContent('Delete it? Its link, pack and printed page stop working.')
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus()
    await user.click(within(question).getByRole('button', { name: 'Keep it' }))
    expect(within(row).queryByRole('group')).not.toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Delete (${doomed.id})` })).toHaveFocus()
    const count = screen.getAllByRole('status').find((status) => /^\d+ shortlists?, newest first/.test(status.textContent ?? ''))!
    // Escape answers as Keep it does.
    await user.click(within(row).getByRole('button', { name: `Delete (${doomed.id})` }))
    await user.keyboard('{Escape}')
    expect(within(row).queryByRole('group')).not.toBeInTheDocument()
    expect(within(row).getByRole('button', { name: `Delete (${doomed.id})` })).toHaveFocus()
    await user.click(within(row).getByRole('button', { name: `Delete (${doomed.id})` }))
    await user.click(within(row).getByRole('button', { name: 'Delete shortlist' }))
    await waitFor(() => expect(within(table).queryByText(doomed.id)).not.toBeInTheDocument())
    // The row went with the focus in it: the count, read again, takes it and says which went. Other files of this
    // suite make shortlists with the same key while this one runs, so its number is not held to one fewer here.
    expect(count.textContent).toMatch(new RegExp(`^Deleted ${doomed.id}\\. \\d+ shortlists?, newest first`))
    await waitFor(() => expect(count).toHaveFocus())
    // The other shortlists stay; what the app had read of the deleted one is forgotten, and its link finds nothing.
    expect(within(table).getByText(made.id)).toBeInTheDocument()
    expect(queryClient.getQueryData(recommendationQueries.detail(doomed.id).queryKey)).toBeUndefined()
    unmount()
    renderApp(`/recommendations/${doomed.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'This shortlist was deleted' })).toBeInTheDocument()
    expect(screen.getByText(/was deleted on/)).toHaveTextContent(`The shortlist ${doomed.id} was deleted on ${formatDate(new Date())} by whoever made it`)
    await expectTitle('Shortlist deleted · Credence')
  })
})
