import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiGet } from '../../src/api/client'
import { recommendation as recommendationSchema, type Recommendation } from '../../src/api/contract/recommendations'
import { createRecommendation } from '../../src/api/queries/recommendations'
import { deleteShortlist, renameShortlist } from '../../src/api/queries/shortlists'
import { formatNumber, formatUsd } from '../../src/lib/format'
import { RefineComparison } from '../../src/features/recommendations/components/refine-comparison'
import { refineDiff } from '../../src/features/recommendations/lib/refine-diff'
import type { ShortlistLinks } from '../../src/features/recommendations/lib/links'
import { renderApp } from './render-app'

/** What the rank cell must say of a project, worked out here from the two shortlists' ranks alone. */
function expectedMark(key: string, rank: number, before: Recommendation) {
  const previous = before.items.find((item) => item.project.key === key)
  if (!previous) return 'new'
  if (previous.rank === rank) return 'same place'
  const places = Math.abs(previous.rank - rank)
  return `${previous.rank > rank ? 'up' : 'down'} ${places} place${places === 1 ? '' : 's'}`
}

describe('a refined shortlist compared with the one before', () => {
  let before: Recommendation
  let after: Recommendation
  beforeAll(async () => {
    before = await createRecommendation({ budget_usd: 250_000, shortlist_size: 8 })
    after = await createRecommendation({ budget_usd: 400_000, shortlist_size: 8, co_benefits: ['biodiversity'] })
  })

  it('marks each project new, or moved up or down by N places, in words', async () => {
    renderApp(`/recommendations/${after.id}?vs=${before.id}`)
    // The marks come with the previous shortlist, which the comparison section waits for too.
    await screen.findByRole('region', { name: 'Compared with the previous shortlist' }, { timeout: 15_000 })
    const table = screen.getByRole('table', { name: /Ranked projects/ })
    const rows = within(table).getAllByRole('rowheader').map((cell) => cell.closest('tr')!)
    expect(rows).toHaveLength(after.items.length)
    after.items.forEach((item, index) => {
      const rankCell = within(rows[index]).getAllByRole('cell')[1]
      expect(rankCell).toHaveTextContent(expectedMark(item.project.key, item.rank, before))
    })
    // The two briefs differ enough that the lists are not the same.
    const marks = after.items.map((item) => expectedMark(item.project.key, item.rank, before))
    expect(marks.some((mark) => mark !== 'same place')).toBe(true)
  })

  it('lists the dropped projects and the change in money allocated, tonnes and number of projects', async () => {
    renderApp(`/recommendations/${after.id}?vs=${before.id}`)
    const section = await screen.findByRole('region', { name: 'Compared with the previous shortlist' }, { timeout: 15_000 })
    const afterKeys = new Set(after.items.map((item) => item.project.key))
    const dropped = before.items.filter((item) => !afterKeys.has(item.project.key))
    if (dropped.length > 0) {
      const list = within(section).getByRole('list', { name: 'Dropped' })
      expect(within(list).getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual(
        dropped.map((item) => item.project.name),
      )
    }
    const allocatedDelta = Math.round((after.totals.allocated_usd - before.totals.allocated_usd) * 100) / 100
    const sign = (delta: number, text: string) => (delta === 0 ? 'no change' : `${delta > 0 ? '+' : '−'}${text}`)
    expect(section).toHaveTextContent(`${formatUsd(after.totals.allocated_usd)} (${sign(allocatedDelta, formatUsd(Math.abs(allocatedDelta)))})`)
    const tonnesDelta = after.totals.tonnes - before.totals.tonnes
    expect(section).toHaveTextContent(`${formatNumber(after.totals.tonnes)} tCO2e (${sign(tonnesDelta, formatNumber(Math.abs(tonnesDelta)))})`)
    expect(section).toHaveTextContent(/The brief changed its budget, co-benefits\./)
    expect(within(section).getByRole('link', { name: 'the shortlist before' })).toHaveAttribute('href', `/recommendations/${before.id}`)
  })

  it('copies a link that keeps the comparison, so a colleague who opens it sees it too', async () => {
    const { user } = renderApp(`/recommendations/${after.id}?vs=${before.id}`)
    await screen.findByRole('region', { name: 'Compared with the previous shortlist' }, { timeout: 15_000 })
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    await screen.findByText('Link copied')
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/recommendations/${after.id}?vs=${before.id}`)
  })

  it('copies the shortlist\'s own link when it is shown on its own, the shortlist to compare with being unknown', async () => {
    const { user } = renderApp(`/recommendations/${after.id}?vs=rec_doesnotexist`)
    await screen.findByText(/There is no shortlist with the ID/, {}, { timeout: 15_000 })
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    await screen.findByText('Link copied')
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/recommendations/${after.id}`)
  })

  it('says so when the shortlist to compare with does not exist, and still shows this one', async () => {
    renderApp(`/recommendations/${after.id}?vs=rec_doesnotexist`)
    expect(await screen.findByText(/There is no shortlist with the ID/, {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(screen.getByRole('table', { name: /Ranked projects/ })).toBeInTheDocument()
  })

  it('says when the ranking method changed between the two, beside what the brief changed', () => {
    const older: Recommendation = { ...before, method: { ...before.method, version: 'credence-rank/5' } }
    const links = { home: () => '/', recommendation: (id: string) => `/recommendations/${id}`, project: (key: string) => `/projects/${key}` } as ShortlistLinks
    render(
      <MemoryRouter>
        <RefineComparison diff={refineDiff(after, older)} previous={older} current={after} links={links} />
      </MemoryRouter>,
    )
    const said = screen.getByText(/The brief changed its/)
    expect(said).toHaveTextContent(`The ranking method changed between them too: credence-rank/5 then, ${after.method.version} now`)
    cleanup()
    render(
      <MemoryRouter>
        <RefineComparison diff={refineDiff(after, before)} previous={before} current={after} links={links} />
      </MemoryRouter>,
    )
    expect(screen.getByText(/The brief changed its/)).not.toHaveTextContent('ranking method')
  })

  it('says so when the shortlist it refines was deleted, and still shows this one', async () => {
    const gone = await createRecommendation({ budget_usd: 61_000, type: undefined, co_benefits: [] })
    await deleteShortlist(gone.id)
    renderApp(`/recommendations/${after.id}?vs=${gone.id}`)
    // Said of a comparison, not of a refinement: `vs` may name any shortlist, not only the one this refines.
    expect(await screen.findByText(/this one is compared with was deleted/, {}, { timeout: 15_000 })).toHaveTextContent(`The shortlist ${gone.id} this one is compared with was deleted; this one is shown on its own.`)
    expect(screen.getByRole('table', { name: /Ranked projects/ })).toBeInTheDocument()
  })

  it('leads from "Refine brief" to the form filled with the brief, and on to the new shortlist compared with this one', async () => {
    const { user, router } = renderApp(`/recommendations/${before.id}`)
    await user.click(await screen.findByRole('link', { name: 'Refine brief' }, { timeout: 15_000 }))
    const budget = await screen.findByLabelText('Budget (USD)')
    expect(budget).toHaveValue('250000')
    await user.clear(budget)
    await user.type(budget, '300000')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByRole('region', { name: 'Compared with the previous shortlist' }, { timeout: 20_000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toMatch(/^\/recommendations\/rec_/)
    expect(router.state.location.search).toBe(`?vs=${before.id}`)
    const refined = await apiGet(router.state.location.pathname.replace('/recommendations', '/api/recommendations'), recommendationSchema)
    expect(refined.brief.budget_usd).toBe(300_000)
  })

  it("names the shortlist being refined by its name when its page was open, by its id when only the link was", async () => {
    const named = await createRecommendation({ budget_usd: 260_000, shortlist_size: 5 })
    await renameShortlist(named.id, 'Board offsets, Q3')
    const { user } = renderApp(`/recommendations/${named.id}`)
    await user.click(await screen.findByRole('link', { name: 'Refine brief' }, { timeout: 15_000 }))
    expect(await screen.findByRole('link', { name: 'Board offsets, Q3' })).toHaveAttribute('href', `/recommendations/${named.id}`)
    cleanup()
    // A refine link opened on its own: the brief's route reads no shortlist to name it.
    renderApp(`/?budget_usd=260000&refine=${named.id}`)
    expect(await screen.findByRole('link', { name: `shortlist ${named.id}` })).toHaveAttribute('href', `/recommendations/${named.id}`)
  })
})
