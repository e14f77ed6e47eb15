import { describe, expect, it } from 'vitest'
import { dayOf, quantityOf, unreadVintage, vintageOf } from '../../src/server/importers/registry/values'
import { sourceList } from '../../src/server/sources/source-list'
import { registryPageOf } from '../../src/api/project-labels'
import { recogniseFormat, registryFormats } from '../../src/server/importers/registry/recognise'

describe('values as the registries write them', () => {
  it('reads quantities with separators and fractions, and refuses anything else', () => {
    expect(quantityOf('"1,454,054"'.replace(/"/g, ''))).toBe(1_454_054)
    expect(quantityOf('0.125')).toBe(0.125)
    expect(quantityOf('-5')).toBeNull()
    expect(quantityOf('n/a')).toBeNull()
    expect(quantityOf('9'.repeat(400))).toBeNull()
  })

  it('reads ISO days and timestamps, and slashed days in the registry’s order, refusing days that do not exist', () => {
    expect(dayOf('2026-04-13T12:35:58.842275')).toBe('2026-04-13')
    expect(dayOf('03/04/2026', 'dmy')).toBe('2026-04-03')
    expect(dayOf('3/4/2026 10:01:02 AM', 'mdy')).toBe('2026-03-04')
    expect(dayOf('2026-02-30')).toBeNull()
    expect(dayOf('2024-02-29')).toBe('2024-02-29')
    expect(dayOf('2100-02-29')).toBeNull()
    expect(dayOf('2000-02-29')).toBe('2000-02-29')
    expect(dayOf('31/12/2025', 'dmy')).toBe('2025-12-31')
    expect(dayOf('2026-13-01')).toBeNull()
    expect(dayOf('0050-01-01')).toBeNull()
    expect(vintageOf('2020-01-01')).toBe(2020)
    expect(vintageOf('1890')).toBeNull()
  })

  it('reads a vintage from a year or a day in any order a registry writes it, and refuses text that is no year', () => {
    expect(vintageOf('2024')).toBe(2024)
    // Verra's site writes its days day first: the vintage is the year either way.
    expect(vintageOf('01/01/2020')).toBe(2020)
    expect(vintageOf('12/31/2019')).toBe(2019)
    expect(vintageOf('20201')).toBeNull()
    expect(vintageOf('not-a-date')).toBeNull()
    expect(unreadVintage('not-a-date', null, 'Vintage Start')).toBe('no vintage year from 1990 to 2100 in Vintage Start ("not-a-date")')
    expect(unreadVintage('1985', null, 'Vintage')).toBe('no vintage year from 1990 to 2100 in Vintage ("1985")')
    // An empty cell, or one that says nothing, is no vintage: the row is kept without one.
    expect(unreadVintage('', null, 'Vintage')).toBeNull()
    expect(unreadVintage('N/A', null, 'Vintage')).toBeNull()
    expect(unreadVintage('2020', 2020, 'Vintage')).toBeNull()
  })
})

describe('registry formats', () => {
  it('recognises each file by its header, the most specific format first', () => {
    const gsRetirements = ['Vintage', 'Credit Status', 'Quantity', 'GSID', 'Serial Number', 'Issuance Date', 'Retirement Date', 'Using Entity']
    expect(recogniseFormat(gsRetirements)?.id).toBe('gold-standard-retirements')
    expect(recogniseFormat(gsRetirements.filter((h) => h !== 'Retirement Date' && h !== 'Using Entity'))?.id).toBe('gold-standard-issuances')
    expect(recogniseFormat(['Project ID', 'Project Name'])).toBeNull()
  })

  it('connects exactly the registries whose formats it reads', () => {
    const connected = sourceList.filter((source) => source.kind === 'registry' && source.traits.connected)
    expect(new Set(registryFormats.map((format) => format.registry))).toEqual(new Set(connected.map((source) => source.registry)))
  })
})

describe("a project's page on its registry", () => {
  it('is addressed from the key where the registry numbers its pages, and never for a generated project', () => {
    expect(registryPageOf({ key: 'VCS191', registry: 'VCS', synthetic: false })).toBe('https://registry.verra.org/app/projectDetail/VCS/191')
    expect(registryPageOf({ key: 'GS337', registry: 'GS', synthetic: false })).toBe('https://registry.goldstandard.org/projects/details/337')
    expect(registryPageOf({ key: 'CAR1335', registry: 'CAR', synthetic: false })).toBe('https://thereserve2.apx.com/mymodule/reg/prjView.asp?id1=1335')
    expect(registryPageOf({ key: 'VCS191', registry: 'VCS', synthetic: true })).toBeNull()
    expect(registryPageOf({ key: 'ART130', registry: 'ART', synthetic: false })).toBeNull()
  })

  it("is Isometric's own address for its projects, which its export gives (ISO7BDE had no link), and no other site's", () => {
    const iso = { key: 'ISO7BDE', registry: 'ISO' as const, synthetic: false }
    expect(registryPageOf(iso, 'https://to.isometric.com/prj_1HZSSWBQM1S08H83')).toBe('https://to.isometric.com/prj_1HZSSWBQM1S08H83')
    expect(registryPageOf(iso, 'https://example.com/prj_1')).toBeNull()
    expect(registryPageOf(iso)).toBeNull()
    expect(registryPageOf({ ...iso, synthetic: true }, 'https://to.isometric.com/prj_1')).toBeNull()
  })
})
