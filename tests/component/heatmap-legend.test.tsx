import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HeatmapLegend } from '../../src/features/coverage/components/heatmap-legend'

describe('the coverage map legend', () => {
  it('says which state each shade is counted under, as the summary table and the badges count it', () => {
    render(<HeatmapLegend />)
    const entry = (name: string) => screen.getByText(name, { selector: 'strong' }).parentElement!.textContent
    // The summary table has columns Fresh, Stale and Never updated: a shade is one of them, and says which.
    expect(entry('Due soon')).toMatch(/^Due soon fresh, /)
    expect(entry('Long overdue')).toMatch(/^Long overdue stale, more than 3× its cadence ago$/)
    expect(entry('Stale')).toContain('past its cadence')
  })
})
