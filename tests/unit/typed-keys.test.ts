import { describe, expect, it } from 'vitest'
import { notKeysMessage, readTypedKeys, repeatedKeyText } from '../../src/api/typed-keys'
import { runFormSchema } from '../../src/features/sources/lib/run-form-schema'
import { priceLookupSchema } from '../../src/features/prices/lib/price-lookup-schema'

describe('project keys as typed', () => {
  it('splits on commas, spaces, tabs and new lines', () => {
    expect(readTypedKeys('VCS191, GS337\nCAR1001\tACR200 ;ART101').keys).toEqual(['VCS191', 'GS337', 'CAR1001', 'ACR200', 'ART101'])
  })

  it('reads a column pasted from a spreadsheet, with Windows line ends and blank lines', () => {
    expect(readTypedKeys('VCS191\r\nGS337\r\n\r\nCAR1001\r\n').keys).toEqual(['VCS191', 'GS337', 'CAR1001'])
  })

  it('drops the quotes a CSV export puts around cells', () => {
    expect(readTypedKeys('"VCS191","GS337"').keys).toEqual(['VCS191', 'GS337'])
  })

  it('removes duplicates case-insensitively and shows keys upper-cased, in the order first given', () => {
    expect(readTypedKeys('gs337 VCS191 GS337 vcs191 Gs337').keys).toEqual(['GS337', 'VCS191'])
  })

  it('names each key given more than once, so a lookup can say it looked it up once', () => {
    expect(readTypedKeys('gs337 VCS191 GS337 vcs191 Gs337 CAR1001').repeated).toEqual([
      { key: 'GS337', spellings: ['GS337'] },
      { key: 'VCS191', spellings: ['VCS191'] },
    ])
  })

  it("reads another database's spelling of a key given beside Credence's as one project, kept as first given", () => {
    expect(readTypedKeys('GS7566 gld7566 VCS191')).toEqual({ keys: ['GS7566', 'VCS191'], invalid: [], repeated: [{ key: 'GS7566', spellings: ['GS7566', 'GLD7566'] }], header: null })
    expect(readTypedKeys('GLD7566 GS7566 gs7566')).toEqual({ keys: ['GLD7566'], invalid: [], repeated: [{ key: 'GS7566', spellings: ['GLD7566', 'GS7566'] }], header: null })
  })

  it('names a repeated key by the spellings it was given in, where they differ', () => {
    const [gold, verra] = readTypedKeys('GLD7566 GS7566 VCS191 vcs191').repeated
    expect(repeatedKeyText(gold)).toBe('GS7566 (given as GLD7566 and GS7566)')
    expect(repeatedKeyText(verra)).toBe('VCS191')
  })

  it("reads a registry's letters and its number alone on one line as one key, as a spreadsheet's two columns paste", () => {
    expect(readTypedKeys('VCS 1748, GS\t337\nvcs 191').keys).toEqual(['VCS1748', 'GS337', 'VCS191'])
    // Across lines or commas they stay apart: each is said to be no key.
    expect(readTypedKeys('VCS\n1748').invalid).toEqual(['1748'])
    expect(readTypedKeys('VCS191 1748').invalid).toEqual(['1748'])
  })

  it("reads a pasted column's first line as its header where it holds no digit and lines follow", () => {
    expect(readTypedKeys('Project ID\nVCS191\nGS337')).toEqual({ keys: ['VCS191', 'GS337'], invalid: [], repeated: [], header: 'Project ID' })
    expect(readTypedKeys('VCS191\nGS337').header).toBeNull()
    expect(readTypedKeys('Project').header).toBeNull()
  })

  it('keeps dots, dashes and underscores that registry keys use', () => {
    expect(readTypedKeys('PURO-12 ISO.7 ART_TREES_1').keys).toEqual(['PURO-12', 'ISO.7', 'ART_TREES_1'])
  })

  it('sets apart what is not a project key, as typed, once each', () => {
    expect(readTypedKeys('VCS191 <script> 123 <script> x')).toEqual({ keys: ['VCS191'], invalid: ['<script>', '123', 'x'], repeated: [], header: null })
  })

  it('finds nothing in empty or blank text', () => {
    expect(readTypedKeys('  \n , ')).toEqual({ keys: [], invalid: [], repeated: [], header: null })
  })
})

describe('the price lookup form', () => {
  const messageFor = (keys: string) => priceLookupSchema.safeParse({ keys }).error?.issues[0]?.message

  it('accepts a list of keys', () => {
    expect(priceLookupSchema.safeParse({ keys: 'VCS191, GS337' }).success).toBe(true)
  })

  it('names the entries that are not project keys', () => {
    expect(messageFor('VCS191, =cmd|x, 42')).toMatch(/not project keys: “=cmd\|x”, “42”/)
  })

  it("says how to write a registry's bare project number as a key", () => {
    expect(messageFor('VCS191\n5962')).toBe(
      'This is not a project key: “5962”. A key is 2 to 40 characters, a letter and then letters, digits, dots, dashes or underscores, e.g. VCS191. A number alone names no registry: give it the registry\'s letters, as VCS5962 for Verra\'s 5962.',
    )
    expect(messageFor('=cmd')).not.toMatch(/number alone/)
  })

  it('says why a single letter is no key, as the rule it states', () => {
    // "a" was refused by a rule ("starts with a letter and holds only letters…") it met: the length was unsaid.
    expect(messageFor('a')).toMatch(/^This is not a project key: “a”\. A key is 2 to 40 characters/)
  })

  it('asks for at least one key', () => {
    expect(messageFor(' ')).toMatch(/at least one project key/)
  })

  it('caps a lookup at 1,000 keys', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `VCS${i}`).join(' ')
    expect(messageFor(many)).toMatch(/at most 1,000 keys/)
  })
})

describe('the run form', () => {
  const parse = (project_keys: string) => runFormSchema.safeParse({ source: 'src_verra', project_keys })

  it('reads keys as the price lookup does: quotes dropped, case and repeats ignored', () => {
    expect(parse('"vcs191", VCS191; gs337').data).toMatchObject({ source: 'src_verra', project_keys: ['VCS191', 'GS337'] })
  })

  it('names what is not a key in the same words as the price lookup', () => {
    expect(parse('VCS191 5962').error?.issues[0]).toMatchObject({
      path: ['project_keys'],
      message: expect.stringMatching(/^This is not a project key: “5962”\. A key is 2 to 40 characters.*as VCS5962 for Verra's 5962\.$/),
    })
  })

  it('quotes a bad entry shortened, its control and direction characters as their codes', () => {
    // A pasted right-to-left override turned the rest of the message backwards; 300 letters widened the page.
    const message = notKeysMessage(['\u202EXYZ1', 'A'.repeat(300), 'a\u0000b'])
    expect(message).toContain('“U+202EXYZ1”')
    expect(message).toContain(`“${'A'.repeat(40)}…”`)
    expect(message).toContain('“aU+0000b”')
    expect(message.includes('\u202E') || message.includes('\u0000')).toBe(false)
  })
})
