import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ScrollingTable } from '../../src/components/scrolling-table'

describe('a table wider than the screen', () => {
  it('scrolls in a region named by its label, which the keyboard reaches with Tab', async () => {
    const user = userEvent.setup()
    render(
      <ScrollingTable className="top-retirers" label="Top retirers, scrollable">
        <table>
          <caption>Top retirers</caption>
          <tbody>
            <tr>
              <td>Chanel</td>
            </tr>
          </tbody>
        </table>
      </ScrollingTable>,
    )
    const box = screen.getByRole('region', { name: 'Top retirers, scrollable' })
    expect(box).toHaveClass('table-wrap', 'top-retirers')
    expect(box).toContainElement(screen.getByRole('table', { name: 'Top retirers' }))
    await user.tab()
    expect(box).toHaveFocus()
  })

  it('or by the caption it names', () => {
    render(
      <ScrollingTable labelledBy="signals-caption">
        <table>
          <caption id="signals-caption">Quality signals</caption>
        </table>
      </ScrollingTable>,
    )
    expect(screen.getByRole('region', { name: 'Quality signals' })).toHaveAttribute('tabindex', '0')
  })
})
