import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CreditRecord } from '../../src/api/contract/credits'
import { RegistryText, shownChars } from '../../src/features/credits/components/registry-text'

const record = { source: { row: 7 } } as CreditRecord

describe('a registry field on a record', () => {
  it('is shown whole when it is short, with nothing to download', () => {
    const { container } = render(<RegistryText record={record} field="Retirement Beneficiary" text="Microsoft Corporation" />)
    expect(container).toHaveTextContent(/^Microsoft Corporation$/)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows the beginning of a long one, how long it is and a download of the whole, never half a character', () => {
    // The cut falls inside an emoji written as two UTF-16 units: the head stops before it.
    const text = `Longname Holdings ${'x'.repeat(shownChars - 19)}😀${'y'.repeat(1_000_000)} Ltd`
    const { container } = render(<RegistryText record={record} field="Retirement Beneficiary" text={text} />)
    const shown = container.textContent ?? ''
    expect(shown.startsWith(`Longname Holdings ${'x'.repeat(shownChars - 19)}…`)).toBe(true)
    expect(shown).not.toMatch(/[\uD800-\uDBFF]…/)
    expect(shown).not.toContain('Ltd')
    expect(shown.length).toBeLessThan(shownChars + 100)
    expect(screen.getByText('1,000,505 characters in all.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download all 1,000,505 characters' })).toBeInTheDocument()
  })
})
