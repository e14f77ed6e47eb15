import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiGet } from '../../src/api/client'
import { projectFacets } from '../../src/api/contract/projects'
import { recommendation as recommendationSchema } from '../../src/api/contract/recommendations'
import { formatNumber } from '../../src/lib/format'
import { expectTitle, renderApp } from './render-app'
import { coBenefitLabel } from '../../src/api/value-labels'

const facets = () => apiGet('/api/projects/facets', projectFacets)

describe('the brief form', () => {
  it('labels every field and the submit button', async () => {
    renderApp('/')
    expect(await screen.findByLabelText('Project type')).toBeInTheDocument()
    expect(screen.getByLabelText('Region')).toBeInTheDocument()
    expect(screen.getByLabelText('Budget (USD)')).toBeInTheDocument()
    expect(screen.getByLabelText('Minimum vintage')).toBeInTheDocument()
    // Co-benefits weigh in the score; they do not filter, and the form says so before a shortlist shows a project
    // that brings none of them.
    expect(screen.getByRole('group', { name: 'Co-benefits' })).toHaveAccessibleDescription(/rank higher; one with none can still make it on quality and price/)
    expect(screen.getByRole('button', { name: 'Get recommendations' })).toBeEnabled()
    await expectTitle('Recommend · Credence')
  })

  it('offers the published types, regions and co-benefits with their counts, and "Any"', async () => {
    const published = await facets()
    renderApp('/')
    const type = await screen.findByLabelText('Project type')
    const typeOptions = within(type).getAllByRole('option').map((option) => option.textContent)
    expect(typeOptions[0]).toBe('Any')
    expect(typeOptions.slice(1)).toEqual(published.facets.type.map((f) => `${f.value} (${formatNumber(f.count)})`))

    const regionOptions = within(screen.getByLabelText('Region')).getAllByRole('option').map((o) => o.textContent)
    expect(regionOptions[0]).toBe('Any')
    expect(regionOptions).toHaveLength(published.facets.region.length + 1)

    const benefits = within(screen.getByRole('group', { name: 'Co-benefits' })).getAllByRole('checkbox')
    expect(benefits).toHaveLength(published.facets.co_benefit.length)
    const biodiversity = published.facets.co_benefit.find((f) => f.value === 'biodiversity')!
    expect(
      screen.getByRole('checkbox', { name: `${coBenefitLabel('biodiversity')} (${formatNumber(biodiversity.count)})` }),
    ).toBeInTheDocument()
    // The benefits beyond carbon first, then the UN SDGs projects list, apart: "Gender equality" beside "UN SDG 5:
    // Gender Equality" in one list left a buyer to guess which to tick.
    const [themes, goals] = within(screen.getByRole('group', { name: 'Co-benefits' })).getAllByRole('list')
    const names = (list: HTMLElement) => within(list).getAllByRole('checkbox').map((box) => box.getAttribute('value')!)
    expect(names(themes).length).toBeGreaterThan(0)
    expect(names(themes).some((value) => value.startsWith('sdg_'))).toBe(false)
    expect(names(goals).length).toBeGreaterThan(0)
    expect(names(goals).every((value) => value.startsWith('sdg_'))).toBe(true)
    expect(goals.previousElementSibling).toHaveTextContent('Or a UN SDG projects list:')
  })

  it("shows the schema's message next to an invalid budget and keeps what was typed", async () => {
    const { user } = renderApp('/')
    const budget = await screen.findByLabelText('Budget (USD)')
    await user.type(budget, '-500')
    await user.type(screen.getByLabelText('Minimum vintage'), '1980')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))

    expect(await screen.findByText('The budget must be more than $0')).toBeInTheDocument()
    expect(budget).toHaveValue('-500')
    expect(budget).toHaveAttribute('aria-invalid', 'true')
    expect(budget).toHaveAccessibleDescription(expect.stringContaining('The budget must be more than $0'))
    const vintage = screen.getByLabelText('Minimum vintage')
    expect(vintage).toHaveValue('1980')
    expect(vintage).toHaveAccessibleDescription(expect.stringContaining('The minimum vintage is 1990 or later'))
  })

  it.each([
    ['1,5M', '$1,500,000', '$15,000,000'],
    ['250.000', '$250', '$250,000'],
    ['1.234,56', '$1,234.56', '$123,456'],
  ])('refuses %j beside the budget, offering both readings, and takes the one the buyer chooses', async (typed, one, other) => {
    const { user } = renderApp('/')
    const budget = await screen.findByLabelText('Budget (USD)')
    await user.type(budget, typed)
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))

    const message = `“${typed}” reads two ways: ${one} or ${other}. Write the one you mean.`
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(budget).toHaveValue(typed)
    expect(budget).toHaveAccessibleDescription(expect.stringContaining(message))
    const readings = screen.getByRole('group', { name: 'Which budget do you mean?' })
    expect(within(readings).getAllByRole('button').map((b) => b.textContent)).toEqual([`Use ${one}`, `Use ${other}`])
    await user.click(within(readings).getByRole('button', { name: `Use ${other}` }))
    expect(budget).toHaveValue(other)
    expect(screen.queryByText(message)).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Which budget do you mean?' })).not.toBeInTheDocument()
  })

  it('asks for a budget when none is given', async () => {
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByText('Enter a budget in US dollars')).toBeInTheDocument()
    expect(screen.getByLabelText('Budget (USD)')).toHaveFocus()
  })

  it('opens filled in with a brief from the URL, as "Refine brief" links to it', async () => {
    const published = await facets()
    const region = published.facets.region[0].value
    renderApp(`/?region=${encodeURIComponent(region)}&budget_usd=75000&vintage_min=2018&co_benefit=biodiversity&co_benefit=water`)
    expect(await screen.findByLabelText('Region')).toHaveValue(region)
    expect(screen.getByLabelText('Project type')).toHaveValue('')
    expect(screen.getByLabelText('Budget (USD)')).toHaveValue('75000')
    expect(screen.getByLabelText('Minimum vintage')).toHaveValue('2018')
    expect(screen.getByRole('checkbox', { name: /^Biodiversity/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /^Water/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /^Health/ })).not.toBeChecked()
  })

  it('posts the brief and lands on its shortlist', async () => {
    const { user, router } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '250,000')
    await user.click(screen.getByRole('checkbox', { name: /^Biodiversity/ }))
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))

    expect(await screen.findByRole('heading', { level: 1, name: /Shortlist/ }, { timeout: 15_000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toMatch(/^\/recommendations\/rec_/)
    expect(screen.getByRole('heading', { name: 'Ranked projects' })).toBeInTheDocument()
  })

  it('takes a budget as a buyer writes it: "$250k" sends 250,000 dollars', async () => {
    const { user, router } = renderApp('/')
    await user.type(await screen.findByLabelText('Budget (USD)'), '$250k')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByRole('heading', { level: 1, name: /Shortlist/ }, { timeout: 15_000 })).toBeInTheDocument()
    const made = await apiGet(router.state.location.pathname.replace('/recommendations', '/api/recommendations'), recommendationSchema)
    expect(made.brief.budget_usd).toBe(250_000)
  })

  it('says what is wrong with a budget that is no sum of money, and keeps it', async () => {
    const { user } = renderApp('/')
    const budget = await screen.findByLabelText('Budget (USD)')
    await user.type(budget, '250 thousand')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByText('“250 thousand” is not a sum of dollars: write it in digits, as 250,000, $250k or 1.5 million.')).toBeInTheDocument()
    expect(budget).toHaveValue('250 thousand')
    expect(budget).toHaveAccessibleDescription(expect.stringContaining('$250k'))
  })

  it('says what else is wrong beside a budget that is no sum, not only once the budget is mended', async () => {
    const { user } = renderApp('/')
    const budget = await screen.findByLabelText('Budget (USD)')
    await user.type(budget, 'abc')
    const vintage = screen.getByLabelText('Minimum vintage')
    await user.type(vintage, '3000')
    await user.click(screen.getByRole('button', { name: 'Get recommendations' }))
    expect(await screen.findByText('“abc” is not a sum of dollars: write it in digits, as 250,000, $250k or 1.5 million.')).toBeInTheDocument()
    await waitFor(() => expect(vintage).toHaveAttribute('aria-invalid', 'true'))
    expect(vintage).toHaveValue('3000')
    expect(budget).toHaveValue('abc')
  })
})
