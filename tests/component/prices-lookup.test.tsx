import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, it, vi } from 'vitest'
import type { PriceBatch } from '../../src/api/contract/prices'
import type { ProjectPage } from '../../src/api/contract/projects'
import { spotPriceQueries } from '../../src/api/queries/spot-prices'
import { renderApp } from './render-app'

const api = async <T,>(path: string): Promise<T> => (await fetch(`${inject('proxyUrl')}${path}`)).json() as Promise<T>

/** Keys of projects with a quoted price, and of known projects without one, as the API answers them. */
async function someKeys(count: number) {
  const keys = (await api<ProjectPage>(`/api/projects?per_page=${count}&sort=key`)).data.map((p) => p.key)
  const batches = await Promise.all(
    [0, 100].filter((start) => start < keys.length).map((start) =>
      api<PriceBatch>(`/api/connectors/marketsource/market/batch?projectKeys=${keys.slice(start, start + 100).join(',')}`),
    ),
  )
  return { keys, priced: batches.flatMap((b) => b.data.map((p) => p.key)), unpriced: batches.flatMap((b) => b.unpriced_keys) }
}

const batchUrls = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/market/batch'))

describe('the price lookup', () => {
  it('looks up pasted keys, de-duplicated and upper-cased, and lists unknown and unpriced keys apart', async () => {
    const user = userEvent.setup()
    const { priced } = await someKeys(60)
    // A project in the pipeline trades nothing: no quote and no estimate.
    const unpriced = (await api<ProjectPage>('/api/projects?status=pipeline&per_page=1')).data.map((p) => p.key)
    expect(unpriced).toHaveLength(1)
    const { router } = renderApp('/prices')
    const text = `${priced[0].toLowerCase()}\n${priced[1]}, ${priced[0]}\tNOPE123\n${unpriced[0]}`
    await user.click(await screen.findByLabelText('Project keys'))
    await user.paste(text)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))

    const expectedKeys = [priced[0], priced[1], 'NOPE123', unpriced[0]]
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('keys')).toBe(expectedKeys.join(',')))
    const table = await screen.findByRole('table', { name: 'Spot prices' })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    const row = within(table).getByRole('row', { name: new RegExp(priced[0]) })
    for (const header of ['USD', 'tCO2e', 'Simulated']) expect(row).toHaveTextContent(header)
    const [named] = (await api<PriceBatch>(`/api/connectors/marketsource/market/batch?projectKeys=${priced[0]}`)).data
    expect(within(row).getByRole('cell', { name: named.name })).toBeInTheDocument()
    // The price and what it is read as two words, aloud or copied, though the note shows on a line of its own.
    expect(row.querySelector('td.numeric')?.textContent).toMatch(/^\$[\d.,]+ (simulated quote|quote|estimate)/)
    // What the price sells, beside it: the credits left of the vintages it prices.
    const onSale = within(row).getAllByRole('cell').find((cell) => cell.dataset.label === 'On sale (t)')!
    expect(onSale).toHaveTextContent(named.on_sale === 0 ? 'None left' : named.on_sale!.toLocaleString('en-US'))
    expect(within(screen.getByRole('region', { name: 'Unknown keys' })).getByText('NOPE123')).toBeInTheDocument()
    const notPriced = screen.getByRole('region', { name: 'Not priced yet' })
    expect(within(notPriced).getByText(unpriced[0])).toBeInTheDocument()
    // Why: not "no quoted price" (the priced rows beside it may be estimates, with no quote either), but that
    // nothing of theirs trades.
    expect(notPriced).toHaveTextContent(/no price, quoted or estimated: nothing of theirs trades/)
    expect(screen.getByLabelText('Project keys')).toHaveValue(text)
    // Four keys of six entries: the one given twice is named, so the count does not read as an entry lost.
    expect(screen.getByText('4 keys: 2 priced, 1 not priced yet, 1 unknown.')).toHaveClass('price-summary')
    expect(screen.getByText(`Given more than once, looked up once: ${priced[0]}.`)).toBeInTheDocument()
  })

  it('runs the lookup a shared link names', async () => {
    const { priced } = await someKeys(10)
    renderApp(`/prices?keys=${priced.slice(0, 2).join(',')}`)
    const table = await screen.findByRole('table', { name: 'Spot prices' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(screen.getByLabelText('Project keys')).toHaveValue(priced.slice(0, 2).join('\n'))
  })

  it("says what a shared link held that is not a key, and how a registry's bare number is written as one", async () => {
    const { priced } = await someKeys(1)
    renderApp(`/prices?keys=${priced[0]},12345`)
    const table = await screen.findByRole('table', { name: 'Spot prices' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    expect(screen.getByText(/left out of the lookup/)).toHaveTextContent(
      "The link held text that is not a project key, left out of the lookup: 12345. A number alone names no registry: give it the registry's letters, as VCS12345 for Verra's 12345.",
    )
  })

  it('splits more than 100 keys into batch requests of at most 100', async () => {
    const user = userEvent.setup()
    const { keys } = await someKeys(150)
    // A spy that passes every call through: the answers still come from the API.
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      renderApp('/prices')
      await user.click(await screen.findByLabelText('Project keys'))
      await user.paste(keys.join('\n'))
      await user.click(screen.getByRole('button', { name: 'Look up prices' }))
      expect(await screen.findByText(/^150 keys: /)).toBeInTheDocument()
      const sizes = batchUrls(fetchSpy).map((url) => new URL(url).searchParams.get('projectKeys')!.split(',').length)
      expect(sizes.sort((a, b) => b - a)).toEqual([100, 50])
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('asks the API only for keys whose price is not already cached', async () => {
    const { priced } = await someKeys(10)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const { queryClient } = renderApp('/prices')
      await queryClient.fetchQuery(spotPriceQueries.byKey(priced[0]))
      fetchSpy.mockClear()
      const user = userEvent.setup()
      await user.type(await screen.findByLabelText('Project keys'), `${priced[0]} ${priced[1]}`)
      await user.click(screen.getByRole('button', { name: 'Look up prices' }))
      // Only what the keys came to: not "2 priced, 0 not priced yet, 0 unknown".
      expect(await screen.findByText('2 keys: 2 priced.')).toBeInTheDocument()
      expect(batchUrls(fetchSpy).map((url) => new URL(url).searchParams.get('projectKeys'))).toEqual([priced[1]])
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('says beside the keys that a link naming more than 1,000 looks nothing up, and keeps them to cut down', async () => {
    const keys = Array.from({ length: 1001 }, (_, i) => `VCS${100_000 + i}`)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      renderApp(`/prices?keys=${keys.join(',')}`)
      const field = await screen.findByLabelText('Project keys')
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'))
      expect(field).toHaveAccessibleDescription(/Look up at most 1,000 keys at once; this list has 1,001\./)
      expect(field).toHaveValue(keys.join('\n'))
      expect(screen.queryByRole('table', { name: 'Spot prices' })).toBeNull()
      expect(batchUrls(fetchSpy)).toEqual([])
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('reports entries that are not keys next to the text area, keeps the text and looks nothing up', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/prices')
    const keys = await screen.findByLabelText('Project keys')
    await user.type(keys, 'VCS191, 42, =cmd')
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    await waitFor(() => expect(keys).toHaveAttribute('aria-invalid', 'true'))
    expect(keys).toHaveAccessibleDescription(/not project keys: “42”, “=cmd”/)
    expect(keys).toHaveValue('VCS191, 42, =cmd')
    expect(router.state.location.search).toBe('')
  })

  it("sets the last lookup's prices aside once a new one is refused, and shows the next one's", async () => {
    const user = userEvent.setup()
    const { priced } = await someKeys(10)
    renderApp(`/prices?keys=${priced[0]}`)
    await screen.findByRole('table', { name: 'Spot prices' })
    const keys = screen.getByLabelText('Project keys')
    await user.clear(keys)
    await user.type(keys, `${priced[1]} 42`)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    await waitFor(() => expect(keys).toHaveAttribute('aria-invalid', 'true'))
    // "1 key: 1 priced" under a list it does not answer read as that list's prices.
    expect(screen.queryByRole('table', { name: 'Spot prices' })).toBeNull()
    expect(screen.queryByText(/^1 key:/)).toBeNull()
    await user.clear(keys)
    await user.type(keys, priced[1])
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    const table = await screen.findByRole('table', { name: 'Spot prices' })
    expect(within(table).getByRole('row', { name: new RegExp(priced[1]) })).toBeInTheDocument()
  })

  it("takes back what it said of the last lookup's text once that text is gone from the box", async () => {
    const user = userEvent.setup()
    const { priced } = await someKeys(1)
    renderApp('/prices')
    const keys = await screen.findByLabelText('Project keys')
    await user.type(keys, `Project ID\n${priced[0]}\n${priced[0]}`)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    expect(await screen.findByText(`Given more than once, looked up once: ${priced[0]}.`)).toBeInTheDocument()
    expect(screen.getByText('“Project ID” was read as the column’s header, not a key.')).toBeInTheDocument()
    // Cleared and submitted, the box stood under the new error with "Given more than once" of the text it had held.
    await user.clear(keys)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    await waitFor(() => expect(keys).toHaveAccessibleDescription(/Enter at least one project key/))
    expect(screen.queryByText(/Given more than once/)).toBeNull()
    expect(screen.queryByText(/was read as the column’s header/)).toBeNull()
  })

  it("reads a pasted column's header as its header, and a registry's letters and number in two cells as one key", async () => {
    const [verra] = (await api<ProjectPage>('/api/projects?registry=VCS&status=registered&per_page=1')).data
    const user = userEvent.setup()
    renderApp('/prices')
    await user.click(await screen.findByLabelText('Project keys'))
    await user.paste(`Project ID\n${verra.key.replace(/^VCS/, 'VCS\t')}`)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    expect(await screen.findByText('“Project ID” was read as the column’s header, not a key.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText(/^1 key:/)).toBeInTheDocument())
    expect(within(await screen.findByRole('table', { name: 'Spot prices' })).getByRole('row', { name: new RegExp(verra.key) })).toBeInTheDocument()
  })

  it("looks a project up once when it is given in Credence's spelling and OffsetsDB's, and says so", async () => {
    const gold = (await api<ProjectPage>('/api/projects?registry=GS&status=registered&per_page=1')).data.map((p) => p.key)
    expect(gold).toHaveLength(1)
    const typed = gold[0].replace(/^GS/, 'GLD')
    renderApp(`/prices?keys=${gold[0]},${typed}`)
    await waitFor(() => expect(screen.getByText(/^1 key:/)).toBeInTheDocument())
    expect(screen.getByLabelText('Project keys')).toHaveValue(gold[0])
    // Typed in the form, the note names both spellings, so OffsetsDB's reads as the project it is.
    const user = userEvent.setup()
    const keys = screen.getByLabelText('Project keys')
    await user.clear(keys)
    await user.type(keys, `${typed} ${gold[0]}`)
    await user.click(screen.getByRole('button', { name: 'Look up prices' }))
    expect(await screen.findByText(`Given more than once, looked up once: ${gold[0]} (given as ${typed} and ${gold[0]}).`)).toBeInTheDocument()
  })
})
