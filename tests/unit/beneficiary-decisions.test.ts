import { describe, expect, it } from 'vitest'
import type { AppliedDecision } from '../../src/server/beneficiaries/decisions'
import { readSpelling } from '../../src/server/beneficiaries/read-spelling'
import { resolveSpellings } from '../../src/server/beneficiaries/resolve'

/** Spellings of a few companies, as a registry's retirements would write them. */
const spellings = [
  ['TERPEL S.A  NIT 830.095.213-0', 30],
  ['Terpel S.A. NIT 830095213-0', 2],
  ['Organización Terpel', 5],
  ['Hollis Mills', 4],
  ['FY24', 1],
].map(([text, records], i) => {
  const reading = readSpelling('user', 'Retirement Beneficiary', text as string)
  return { id: String(i + 1), text: text as string, rulesName: reading.name, rulesWhy: reading.why, records: records as number }
})

let made = 0
const decision = (kind: AppliedDecision['kind'], names: string[], more: Partial<AppliedDecision> = {}): AppliedDecision => ({
  id: `bdc_${++made}`,
  kind,
  names,
  spelling: null,
  into: null,
  madeAt: new Date(Date.UTC(2026, 10, made)),
  ...more,
})

const names = (decisions: AppliedDecision[]) => resolveSpellings(spellings, decisions).map((resolution) => resolution.name)

describe("an analyst's word over the rules", () => {
  it('leaves the rules alone without decisions', () => {
    expect(names([])).toEqual(['Terpel', 'Terpel', 'Organización Terpel', 'Hollis Mills', null])
  })

  it('merges two names into the first, or into the name given, and says so in every spelling it moved', () => {
    expect(names([decision('merge', ['Terpel', 'Organización Terpel'])])).toEqual(['Terpel', 'Terpel', 'Terpel', 'Hollis Mills', null])
    const resolved = resolveSpellings(spellings, [decision('merge', ['Organización Terpel', 'Terpel'], { into: 'Terpel Group', id: 'bdc_merge' })])
    expect(resolved.map((r) => r.name)).toEqual(['Terpel Group', 'Terpel Group', 'Terpel Group', 'Hollis Mills', null])
    expect(resolved[2].why).toContain('merged with "Organización Terpel", "Terpel" as "Terpel Group" by an analyst on 2026-11-')
    expect(resolved[2].why).toContain('(bdc_merge)')
  })

  it('splits a raw string out of its company, into its own name or another company', () => {
    expect(names([decision('split', ['Terpel'], { spelling: 'Terpel S.A. NIT 830095213-0' })])).toEqual(['TERPEL', 'Terpel', 'Organización Terpel', 'Hollis Mills', null])
    expect(names([decision('split', ['Terpel'], { spelling: 'Terpel S.A. NIT 830095213-0', into: 'Hollis Mills' })])).toEqual([
      'TERPEL',
      'Hollis Mills',
      'Organización Terpel',
      'Hollis Mills',
      null,
    ])
    expect(names([decision('split', [], { spelling: 'FY24', into: 'Fyfield' })])).toEqual(['Terpel', 'Terpel', 'Organización Terpel', 'Hollis Mills', 'Fyfield'])
  })

  it('renames a company and marks one as naming no one; a later decision finds it by its new name', () => {
    expect(names([decision('rename', ['Hollis Mills'], { into: 'Hollis Mills Group' })])).toEqual(['Terpel', 'Terpel', 'Organización Terpel', 'Hollis Mills Group', null])
    expect(names([decision('no_one', ['Organización Terpel'])])).toEqual(['Terpel', 'Terpel', null, 'Hollis Mills', null])
    expect(names([decision('rename', ['Hollis Mills'], { into: 'Hollis' }), decision('merge', ['Hollis', 'Terpel'])])).toEqual([
      'Hollis',
      'Hollis',
      'Organización Terpel',
      'Hollis',
      null,
    ])
  })

  it('finds a company by a name it no longer shows, through its key', () => {
    // Decided when the company showed "TERPEL"; a later spelling made it "Terpel".
    expect(names([decision('no_one', ['TERPEL'])])).toEqual([null, null, 'Organización Terpel', 'Hollis Mills', null])
  })

  it('applies to spellings that arrive after the decision, by the company they join', () => {
    const merge = decision('merge', ['Terpel', 'Organización Terpel'])
    const withLater = [...spellings, { id: '9', text: 'terpel s.a.', rulesName: readSpelling('user', 'end_user', 'terpel s.a.').name, rulesWhy: '', records: 1 }]
    expect(resolveSpellings(withLater, [merge]).at(-1)?.name).toBe('Terpel')
  })
})
