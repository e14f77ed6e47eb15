import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { SpotPrice } from '../../src/api/contract/prices'
import { spotPriceQueries } from '../../src/api/queries/spot-prices'
import { paths } from '../../src/app/paths'
import { ProjectPrice } from '../../src/features/projects/components/project-price'

const estimate: SpotPrice = {
  key: 'GS883',
  name: 'A cookstove project',
  value: 6.5,
  basis: 'estimate',
  low: 4,
  high: 12,
  quote: null,
  currency: 'USD',
  unit: 'tCO2e',
  as_of: '2025-12-31T00:00:00.000Z',
  source: 'Credence reference estimate',
  simulated: false,
  on_sale: 69,
}

/** The project's price card, its price already read (as the browser's row leaves it in the cache). */
function renderPrice(price: SpotPrice, remaining: number) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(spotPriceQueries.byKey(price.key).queryKey, price)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProjectPrice projectKey={price.key} remaining={remaining} links={paths} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe("a project's price", () => {
  it('says how much of what remains it sells, and why, where that is less (GS883: 69 t of 12,084)', () => {
    renderPrice(estimate, 12_084)
    expect(screen.getByText(/^It sells/)).toHaveTextContent(
      'It sells 69 t of the 12,084 remaining: the vintages from 2016 on; credits of earlier (pre-Paris) vintages trade lower, and are priced only where nothing later is left.',
    )
  })

  it("gives a quote's vintage and quantity as the reason", () => {
    const quote = { ...estimate, basis: 'quote' as const, low: null, high: null, quote: { vintage: 2021, quantity: 500, supplier: 'A broker', valid_until: null }, on_sale: 500 }
    renderPrice(quote, 12_084)
    expect(screen.getByText(/^It sells/)).toHaveTextContent("It sells 500 t of the 12,084 remaining: the vintage quoted, within the quote's quantity.")
  })

  it('says nothing of what it sells where it sells all that remains, or none', () => {
    renderPrice({ ...estimate, on_sale: 12_084 }, 12_084)
    expect(screen.queryByText(/^It sells/)).not.toBeInTheDocument()
    renderPrice({ ...estimate, key: 'GS884', on_sale: 0 }, 12_084)
    expect(screen.queryByText(/^It sells/)).not.toBeInTheDocument()
    expect(screen.getByText(/None of its credits are left to buy/)).toBeInTheDocument()
  })
})
