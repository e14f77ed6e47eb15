import { describe, expect, it } from 'vitest'
import { folded } from '../../src/lib/folded'

describe('a text folded as names are compared and searched', () => {
  it('sets case and accents aside, as the registries and a keyboard without them write a name', () => {
    expect(folded('ENGIE Energía Chile S.A')).toBe('engie energia chile s.a')
    expect(folded('KUVEYT TÜRK KATILIM BANKASI')).toBe('kuveyt turk katilim bankasi')
    expect(folded('Turkcell İletişim Hizmetleri A.Ş.')).toBe('turkcell iletisim hizmetleri a.s.')
    expect(folded('Rubim Produções')).toBe('rubim producoes')
  })

  it('writes letters no decomposition reaches as a reader types them', () => {
    expect(folded('Agnete Bøgebo')).toBe('agnete bogebo')
    expect(folded('Łódź Straße Æther Œuvre')).toBe('lodz strasse aether oeuvre')
    expect(folded('ﬁnance')).toBe('finance')
  })

  it("reads typographers' quotes and dashes as typed", () => {
    expect(folded('République de Côte d’Ivoire')).toBe("republique de cote d'ivoire")
    expect(folded('“Mata Verde” REDD+ – Phase II')).toBe('"mata verde" redd+ - phase ii')
  })

  it('only lower-cases text of ASCII alone', () => {
    expect(folded('Microsoft Corporation, 100% _co_')).toBe('microsoft corporation, 100% _co_')
  })
})
