import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { GroupedBarChart } from '../../src/components/charts/grouped-bar-chart'
import { HorizontalBarChart } from '../../src/components/charts/horizontal-bar-chart'

/** jsdom has no canvas: the charts show their tables alone here; the pictures are checked in Chromium (e2e). */
describe('bar charts', () => {
  it('name their figure and give the same numbers as a table, one keypress from the keyboard', async () => {
    const user = userEvent.setup()
    render(
      <GroupedBarChart
        title="Credits per year"
        description="Issued by vintage and retired in the year."
        categoryLabel="Year"
        categories={['2019', '2020', '2021']}
        series={[
          { label: 'Issued', values: [1200, 0, 345678] },
          { label: 'Retired', values: [10, 20, 30] },
        ]}
      />,
    )
    const figure = screen.getByRole('figure', { name: 'Credits per year' })
    expect(figure).toHaveAccessibleDescription('Issued by vintage and retired in the year.')
    const disclosure = screen.getByText('Show the numbers as a table')
    expect(disclosure.closest('details')).not.toHaveAttribute('open')

    await user.tab()
    expect(disclosure).toHaveFocus()
    // jsdom does not open a <summary> on Enter as browsers do (the e2e tests press it in Chromium): click it.
    await user.click(disclosure)
    expect(disclosure.closest('details')).toHaveAttribute('open')
    const table = screen.getByRole('table', { name: 'Credits per year' })
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Year', 'Issued', 'Retired'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['20191,20010', '2020020', '2021345,67830', 'Total346,87860'])
    // The table's box scrolls when long, so it takes focus for the keyboard to scroll it.
    await user.tab()
    expect(screen.getByRole('region', { name: 'Credits per year, as a table' })).toHaveFocus()
  })

  it('give each bar its value and share of the total in the horizontal mode', async () => {
    const user = userEvent.setup()
    render(
      <HorizontalBarChart
        title="Portfolio mix by type"
        categoryLabel="Project type"
        valueLabel="Tonnes"
        bars={[
          { label: 'Wind', value: 750 },
          { label: 'Cookstoves', value: 250 },
        ]}
      />,
    )
    await user.click(screen.getByText('Show the numbers as a table'))
    const table = screen.getByRole('table', { name: 'Portfolio mix by type' })
    const cells = (name: string) => within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell')
    expect(cells('Wind').map((cell) => cell.textContent)).toEqual(['750', '75.0%'])
    expect(cells('Cookstoves').map((cell) => cell.textContent)).toEqual(['250', '25.0%'])
    expect(cells('Total').map((cell) => cell.textContent)).toEqual(['1,000', '100.0%'])
  })

  it('say there is nothing to chart rather than draw an empty frame', () => {
    render(<GroupedBarChart title="Credits per year" categoryLabel="Year" categories={[]} series={[]} emptyText="No credits issued or retired yet." />)
    expect(screen.getByRole('figure', { name: 'Credits per year' })).toHaveTextContent('No credits issued or retired yet.')
    expect(screen.queryByText('Show the numbers as a table')).not.toBeInTheDocument()
  })
})
