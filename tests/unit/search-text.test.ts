import { describe, expect, it } from 'vitest'
import { recordSearchText, searchedChars, spellingSearchText } from '../../src/server/db/queries/search-text'

describe('what a beneficiary search reads', () => {
  it('reads each text whole, in lower case, up to its first 4,000 characters', () => {
    expect(recordSearchText('Microsoft', { 'Retirement Beneficiary': 'MSFT Corp' })).toBe('microsoft | msft corp')
    const long = `Start ${'x'.repeat(10_000)} End`
    const text = spellingSearchText(long, 'Named')
    // Each part is bounded alone: the name after a long spelling is still read.
    expect(text).toBe(`${long.slice(0, searchedChars).toLowerCase()} | named`)
  })

  it('never keeps half of a character written as two units', () => {
    const text = `${'a'.repeat(searchedChars - 1)}😀 and more`
    const read = recordSearchText(null, { field: text })
    expect(read).toBe(` | ${'a'.repeat(searchedChars - 1)}`)
    expect(read).not.toMatch(/[\uD800-\uDBFF]$/)
  })
})
