import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiGet } from '../../src/api/client'
import { projectDetail, projectPage, type ProjectDetail } from '../../src/api/contract/projects'
import { ratingMethod } from '../../src/api/contract/rating-method'
import { formatNumber } from '../../src/lib/format'
import { expectTitle, renderApp } from './render-app'
import { giveProjectTableHeight } from './project-table-height'

/** The comparison once all `count` projects are in (the table shows the first as soon as it arrives). */
const comparison = (count = 3) =>
  screen.findByRole('table', { name: new RegExp(`^${count} projects? compared`) }, { timeout: 15_000 })
// The section headings of the body are column-group headers too; the projects head the columns of the first row.
const columnHeaders = (table: HTMLElement) => within(table.querySelector('thead')!).getAllByRole('columnheader')
const rowNamed = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name })

describe('the compare page', () => {
  let projects: ProjectDetail[]
  beforeAll(async () => {
    // Three projects of different types, so some rows must differ.
    const page = await apiGet('/api/projects?sort=-credits_remaining&per_page=50', projectPage)
    const byType = new Map(page.data.map((project) => [project.type, project.key]))
    const keys = [...byType.values()].slice(0, 3)
    projects = await Promise.all(keys.map((key) => apiGet(`/api/projects/${key}`, projectDetail)))
  })

  it('shows the projects named in the URL side by side, in the order given, each linking to its page', async () => {
    renderApp(`/compare?keys=${projects.map((p) => p.key).join(',')}`)
    const table = await comparison()
    const headers = columnHeaders(table)
    expect(headers).toHaveLength(projects.length)
    projects.forEach((project, index) => {
      expect(within(headers[index]).getByRole('link', { name: project.name })).toHaveAttribute('href', `/projects/${project.key}`)
    })
    expect(rowNamed(table, /^Type/)).toHaveTextContent(projects.map((p) => p.type).join(''))
    expect(rowNamed(table, /^Credits remaining/)).toHaveTextContent(formatNumber(projects[0].credits.remaining))
    // One name for one figure: the project's page and its credits say "retired or cancelled" of it too.
    expect(rowNamed(table, /^Credits retired or cancelled/)).toHaveTextContent(formatNumber(projects[0].credits.retired))
    await expectTitle(/^Compare /)
  })

  it("names a project's region as its page names it: Berkeley's Europe, which leaves Eastern Europe out, says so", async () => {
    const european = (await apiGet('/api/projects?region=Europe&per_page=2', projectPage)).data
    expect(european).toHaveLength(2)
    renderApp(`/compare?keys=${european.map((p) => p.key).join(',')}`)
    const table = await comparison(2)
    expect(rowNamed(table, /^Region/)).toHaveTextContent('Europe (Northern, Southern, Western)'.repeat(2))
  })

  it('marks in words the rows that differ and the best value of a row', async () => {
    const { user } = renderApp(`/compare?keys=${projects.map((p) => p.key).join(',')}`)
    const table = await comparison()
    const typeRow = rowNamed(table, /^Type/)
    expect(within(typeRow).getByRole('rowheader')).toHaveTextContent('Type differs')
    // The list was sorted by credits remaining, descending: the first column holds the most.
    const remaining = within(rowNamed(table, /^Credits remaining/)).getAllByRole('cell')
    if (projects[0].credits.remaining > projects[1].credits.remaining) {
      expect(remaining[0]).toHaveTextContent(/best$/)
      expect(remaining[1]).not.toHaveTextContent(/best/)
    }
    // The score as the shortlist and the project's page write it: its grade, then the score to its tenth.
    const composite = within(rowNamed(table, /^Composite score/)).getAllByRole('cell')
    projects.forEach((project, i) => {
      const { score, grade } = project.quality_breakdown
      if (score !== null) expect(composite[i]).toHaveTextContent(new RegExp(`^${grade} \\(${score.toFixed(1)}\\)`))
    })
    // A row that reads the same for all says nothing; "Only rows that differ" hides it.
    const same = within(table)
      .getAllByRole('row')
      .find((row) => row.classList.contains('compare-row') && !row.classList.contains('compare-differs'))
    await user.click(screen.getByRole('checkbox', { name: /Only rows that differ/ }))
    if (same) expect(same).not.toBeInTheDocument()
    expect(within(table).getByRole('rowheader', { name: /^Type differs/ })).toBeInTheDocument()
  })

  it('shows each quality signal with its value, the facts it used and its citations', async () => {
    const method = await apiGet('/api/rating-method', ratingMethod)
    const names = new Map(method.citations.map((c) => [c.id, c.short]))
    renderApp(`/compare?keys=${projects.map((p) => p.key).join(',')}`)
    const table = await comparison()
    // Signals have a section of their own ("Labels" is a fact as well as a signal).
    const quality = within(table)
      .getAllByRole('rowgroup')
      .find((group) => within(group).queryByRole('columnheader', { name: 'Quality signals' }))!
    for (const signal of projects[0].quality_breakdown.signals) {
      const row = rowNamed(quality, new RegExp(`^${signal.label}`))
      const cell = within(row).getAllByRole('cell')[0]
      expect(cell).toHaveTextContent(signal.value === null ? 'Missing' : formatNumber(signal.value, 2))
      for (const fact of signal.facts) expect(cell).toHaveTextContent(fact.name)
      for (const citation of signal.citations) {
        // By author and year, once the rating method has come in.
        const link = await within(cell).findByRole('link', { name: names.get(citation) })
        expect(link).toHaveAttribute('href', `/rating-method#citation-${citation}`)
      }
    }
  })

  it('shows the spot price of each project from one batched price request', async () => {
    renderApp(`/compare?keys=${projects.map((p) => p.key).join(',')}`)
    const table = await comparison()
    const row = rowNamed(table, /^Spot price/)
    await within(row).findAllByText(/^\$|Not quoted/)
    expect(within(row).queryByText('Loading…')).not.toBeInTheDocument()
  })

  it('leads back to the shortlist it was opened from, else to the projects', async () => {
    const search = `?keys=${projects.map((p) => p.key).join(',')}`
    const { user } = renderApp({ pathname: '/compare', search, state: { fromShortlist: '/recommendations/rec_abc?vs=rec_def' } })
    expect(await screen.findByRole('link', { name: 'Back to the shortlist' })).toHaveAttribute('href', '/recommendations/rec_abc?vs=rec_def')
    // A project opened from the comparison leads back to the shortlist too: its page said "Back to projects".
    await user.click(within(await comparison()).getByRole('link', { name: projects[0].name }))
    expect(await screen.findByRole('link', { name: 'Back to the shortlist' })).toHaveAttribute('href', '/recommendations/rec_abc?vs=rec_def')
    cleanup()
    // A state that names no shortlist of this app leads to the projects, as no state does.
    renderApp({ pathname: '/compare', search, state: { fromShortlist: 'https://elsewhere.example/' } })
    expect(await screen.findByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/projects')
  })

  it("leads a project's page opened from a shortlist back to it, as the comparison does", async () => {
    const key = projects[0].key
    renderApp({ pathname: `/projects/${key}`, state: { fromShortlist: '/recommendations/rec_abc' } })
    expect(await screen.findByRole('link', { name: 'Back to the shortlist' })).toHaveAttribute('href', '/recommendations/rec_abc')
    cleanup()
    renderApp({ pathname: `/projects/${key}`, state: { fromShortlist: 'https://elsewhere.example/' } })
    expect(await screen.findByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/projects')
  })

  it('says a comparison needs at least two projects when the URL names one', async () => {
    renderApp(`/compare?keys=${projects[0].key}`)
    expect(await screen.findByText(/A comparison needs at least 2 projects; only .* is named/)).toBeInTheDocument()
    // The one project named is still shown.
    expect(columnHeaders(await comparison(1))).toHaveLength(1)
  })

  it('keeps the first six of seven keys and says which were left out', async () => {
    const page = await apiGet('/api/projects?per_page=7', projectPage)
    const keys = page.data.map((p) => p.key)
    renderApp(`/compare?keys=${keys.join(',')}`)
    expect(await screen.findByText(`At most 6 projects can be compared at once; ${keys[6]} is left out.`)).toBeInTheDocument()
    expect(columnHeaders(await comparison(6))).toHaveLength(6)
  })

  it('names an unknown or malformed key and compares the rest', async () => {
    renderApp(`/compare?keys=${projects[0].key},NOPE999,${projects[1].key},bad key!`)
    expect(await screen.findByText('No project has the key NOPE999; it is left out.')).toBeInTheDocument()
    expect(screen.getByText(/“bad key!” is not a project key/)).toBeInTheDocument()
    expect(columnHeaders(await comparison(2))).toHaveLength(2)
    // The title names what is compared, not the key no project has.
    await expectTitle(`Compare ${projects[0].key}, ${projects[1].key} · Credence`)
  })

  it('removes a project from the comparison through the URL', async () => {
    const { user, router } = renderApp(`/compare?keys=${projects.map((p) => p.key).join(',')}`)
    await comparison()
    await user.click(screen.getByRole('link', { name: `Remove ${projects[1].key} from the comparison` }))
    expect(router.state.location.search).toBe(`?keys=${projects[0].key},${projects[2].key}`)
    expect(columnHeaders(await comparison(2))).toHaveLength(2)
  })
})

describe('comparing from the project browser', () => {
  giveProjectTableHeight()
  const tickBoxes = async (table: HTMLElement) => {
    await waitFor(() => expect(within(table).getAllByRole('checkbox').length).toBeGreaterThan(7))
    return within(table).getAllByRole('checkbox', { name: /^Compare / })
  }

  it('enables Compare for two to six ticked rows and opens the comparison of exactly those', async () => {
    const { user, router } = renderApp('/projects')
    const table = await screen.findByRole('table', { name: /Projects, page 1/ }, { timeout: 15_000 })
    const compare = screen.getByRole('button', { name: /^Compare/ })
    expect(compare).toBeDisabled()
    const boxes = await tickBoxes(table)
    await user.click(boxes[0])
    expect(compare).toBeDisabled()
    expect(screen.getByText(/selected; tick at least one more/)).toBeInTheDocument()
    await user.click(boxes[1])
    expect(compare).toBeEnabled()
    const keys = [boxes[0], boxes[1]].map((box) => box.getAttribute('aria-label')!.replace('Compare ', ''))
    // Ticking a row does not open the project.
    expect(router.state.location.pathname).toBe('/projects')
    await user.click(compare)
    expect(router.state.location.pathname).toBe('/compare')
    expect(router.state.location.search).toBe(`?keys=${keys.join(',')}`)
    expect(columnHeaders(await comparison(2))).toHaveLength(2)
  })

  it('ticks the focused row with Space, so the keyboard alone can choose projects', async () => {
    const { user } = renderApp('/projects')
    const table = await screen.findByRole('table', { name: /Projects, page 1/ }, { timeout: 15_000 })
    await tickBoxes(table)
    const rows = within(table).getAllByRole('row').filter((row) => row.hasAttribute('data-index'))
    rows[0].focus()
    await user.keyboard(' ')
    await user.keyboard('{ArrowDown} ')
    const boxes = within(table).getAllByRole('checkbox', { name: /^Compare / })
    expect(boxes[0]).toBeChecked()
    expect(boxes[1]).toBeChecked()
    expect(screen.getByRole('button', { name: 'Compare (2)' })).toBeEnabled()
  })

  it('keeps Compare disabled beyond six ticked rows and says how many to untick', async () => {
    const { user } = renderApp('/projects')
    const table = await screen.findByRole('table', { name: /Projects, page 1/ }, { timeout: 15_000 })
    const boxes = await tickBoxes(table)
    for (const box of boxes.slice(0, 7)) await user.click(box)
    expect(screen.getByRole('button', { name: 'Compare (7)' })).toBeDisabled()
    expect(screen.getByText('7 selected; at most 6 can be compared. Untick 1.')).toBeInTheDocument()
  })
})

describe('adding a project to the comparison', () => {
  it('adds a typed key to the address, whatever its case and spaces, and names a bad or repeated key beside the field, keeping it', async () => {
    const page = await apiGet('/api/projects?per_page=2', projectPage)
    const [first, second] = page.data.map((project) => project.key)
    const { user, router } = renderApp(`/compare?keys=${first}`)
    const field = await screen.findByLabelText('Add a project by its key')
    await user.type(field, 'not a key!')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(field).toHaveAccessibleDescription(/“not a key!” is not a project key/)
    expect(field).toHaveValue('not a key!')
    await user.clear(field)
    await user.type(field, first.toLowerCase())
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(field).toHaveAccessibleDescription(`${first} is compared already`)
    // A well-formed key no project has went to the address, and was named only in the page's notes.
    await user.clear(field)
    await user.type(field, 'vcs99999999')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription('No project has the key VCS99999999'))
    expect(field).toHaveValue('vcs99999999')
    expect(router.state.location.search).toBe(`?keys=${first}`)
    await user.clear(field)
    await user.type(field, ` ${second.toLowerCase()} `)
    await user.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(router.state.location.search).toBe(`?keys=${first},${second}`))
    expect(await comparison(2)).toBeInTheDocument()
    expect(screen.getByLabelText('Add a project by its key')).toHaveValue('')
  })
})
