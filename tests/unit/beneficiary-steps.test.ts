import { describe, expect, it } from 'vitest'
import { afterBehalfForm } from '../../src/server/beneficiaries/behalf-forms'
import { bestWritten } from '../../src/server/beneficiaries/best-written'
import { cleanName } from '../../src/server/beneficiaries/clean'
import { fingerprintKey, ngramKey } from '../../src/server/beneficiaries/cluster-keys'
import { withoutLegalForms } from '../../src/server/beneficiaries/legal-forms'
import { namesNoOne } from '../../src/server/beneficiaries/names-no-one'
import { spellingId, spellingText } from '../../src/server/beneficiaries/spelling'

describe('extraction: the "on behalf of" forms, up to where the sentence moves on', () => {
  it.each([
    ['Retired on behalf of Hollis Mills for the 2025 Holiday Party', 'on behalf of', 'Hollis Mills'],
    ['Retirement on be half of Casa Verde - Festival 2026', 'on be half of', 'Casa Verde'],
    ['Cancelación voluntaria en nombre de Minera Sur S.A. para compensación', 'en nombre de', 'Minera Sur S.A.'],
    ['Compensação em nome de Lojas Aurora, referente a 2025', 'em nome de', 'Lojas Aurora'],
    ['Retrait au nom de Atelier Bleu pour ses émissions', 'au nom de', 'Atelier Bleu'],
    ['Crédits retirés pour le compte de Voyages Azur', 'pour le compte de', 'Voyages Azur'],
    ['Stilllegung im Namen von Bergwerk Holz GmbH zur Kompensation', 'im Namen von', 'Bergwerk Holz GmbH'],
    ['Retired on behalf of Back to Nature Foods to offset 2025 emissions', 'on behalf of', 'Back to Nature Foods'],
    ['Retired on behalf of Halden Tools Inc. Retirement for 2024', 'on behalf of', 'Halden Tools Inc'],
  ])('%j → %j, %j', (text, form, name) => {
    expect(afterBehalfForm(text)).toEqual({ form, name })
  })

  it('prefers "on behalf of" anywhere to a "Beneficiary:" before it, and finds none in a plain name', () => {
    expect(afterBehalfForm('Beneficiary: Aurum SICAV Retirement reason details: retired on behalf of Aurum SICAV – Premium')?.name).toBe('Aurum SICAV')
    expect(afterBehalfForm('Hollis Mills')).toBeNull()
  })
})

describe('cleaning: legal forms, tax numbers, quotes, punctuation', () => {
  it.each([
    ['S.A.', 'Minera Sur S.A.', 'Minera Sur'],
    ['S.A.S.', 'Reciclados Andes S.A.S.', 'Reciclados Andes'],
    ['S A S. spaced', 'ENERGIA DEL LLANO S A S.', 'ENERGIA DEL LLANO'],
    ['S.p.A.', 'Vesta Energia S.p.A.', 'Vesta Energia'],
    ['Ltd', 'Harbour Tools Ltd', 'Harbour Tools'],
    ['LLC after a comma', 'Crestline Foods, LLC', 'Crestline Foods'],
    ['GmbH', 'Delta Werke GmbH', 'Delta Werke'],
    ['AG', 'Brightwater AG', 'Brightwater'],
    ['Inc.', 'Quill, Inc.', 'Quill'],
    ['B.V.', 'Lumen Bank B.V.', 'Lumen Bank'],
    ['N.V.', 'Zeeland Havens N.V.', 'Zeeland Havens'],
    ['Oy', 'Kolmio Oy', 'Kolmio'],
    ['AB', 'Svea Logistik AB', 'Svea Logistik'],
    ['Co., Ltd.', 'Hengda Cable Co., Ltd.', 'Hengda Cable'],
    ['S. de R.L. de C.V.', 'Vidrios Norte S. de R.L. de C.V.', 'Vidrios Norte'],
    ['only a form', 'AB', 'AB'],
  ])('takes off %s: %j → %j', (_form, name, cleaned) => {
    expect(withoutLegalForms(name).name).toBe(cleaned)
  })

  it.each([
    ['NIT with dots', 'TERPEL S.A  NIT 830.095.213-0', 'TERPEL'],
    ['NIT without', 'Terpel S.A. NIT 830095213-0', 'Terpel'],
    ['RUT with K', 'Andes Energía Chile S.A RUT 76.543.210-K', 'Andes Energía Chile'],
    ['CNPJ in brackets', 'ALTIPLANO S/A (CNPJ: 12.345.678/0001-90)', 'ALTIPLANO'],
    ['VAT', 'Harbour Tools Ltd VAT GB123456789', 'Harbour Tools'],
    ['EIN', 'Crestline Foods LLC EIN 12-3456789', 'Crestline Foods'],
    ['curly quotes', '“Planétair”', 'Planétair'],
    ['a closing quote left', 'Planétair”', 'Planétair'],
    ['trailing full stop', 'Planetair.', 'Planetair'],
    ['an initial kept', 'Lennart S.', 'Lennart S.'],
    ['trailing period', 'Kinaxa Inc. F2024 period', 'Kinaxa'],
    ['a sentence’s "the"', 'the Pacific Development Fund', 'Pacific Development Fund'],
    ['a name’s own "The"', 'The North Face', 'The North Face'],
    ['a number that is part of the name', 'Energy 350', 'Energy 350'],
  ])('%s: %j → %j', (_case, name, cleaned) => {
    expect(cleanName(name).name).toBe(cleaned)
  })
})

describe('recognising text that names no one', () => {
  it.each([
    ['Anonymously', 'anonymous'],
    ['Anonymous', 'anonymous'],
    ['Not Disclosed', 'anonymous'],
    ['Not public', 'anonymous'],
    ['_', 'a placeholder'],
    ['-', 'a placeholder'],
    ['N/A', 'a placeholder'],
    ['1423', 'a placeholder'],
    ['FY24', 'a period'],
    ['FY2025', 'a period'],
    ['2023 emissions', 'a period'],
    ['CY25', 'a period'],
    ['Jan - Mar 2025', 'a period'],
    ['Reporting Period: 01.01.2025-31.12.2025', 'a period'],
    ['Environmental Benefit', 'a reason'],
    ['Beneficio Ambiental', 'a reason'],
    ['remove impact of generated credits on PCF disclosures', 'a reason'],
    ['To offset our 2025 footprint', 'a reason'],
    ['Offsetting Business Travel', 'a reason'],
  ])('%j is %s', (text, why) => {
    expect(namesNoOne(text)).toBe(why)
  })

  it.each(['Offset Alliance', 'Climate Impact Partners', 'Carbon Neutral Indiana', 'Sustainable Life Media', 'Energy 350', 'AWS', 'bloobloom'])(
    'takes %j for a name',
    (name) => {
      expect(namesNoOne(name)).toBeNull()
    },
  )
})

describe('keys that collide for one company', () => {
  it("gives OpenRefine's fingerprint: case, accents, punctuation and word order aside", () => {
    expect(fingerprintKey('Planétair')).toBe(fingerprintKey('PLANETAIR'))
    expect(fingerprintKey('Bain & Company')).toBe(fingerprintKey('Bain and Company'))
    expect(fingerprintKey('Salesforce Tower')).toBe(fingerprintKey('Tower, Salesforce'))
    expect(fingerprintKey('Coca-Cola')).not.toBe(fingerprintKey('Coca Cola'))
  })

  it('gives n-gram keys that join what spacing parts, none for short names, and keep numbers apart', () => {
    expect(ngramKey('Coca-Cola')).toBe(ngramKey('Coca Cola'))
    expect(ngramKey('AWS')).toBeNull()
    expect(ngramKey('Company 121')).not.toBe(ngramKey('Company 1212'))
  })
})

describe('the best-written form', () => {
  it('prefers mixed case to capitals, accents to none, then the most records', () => {
    expect(bestWritten([{ name: 'TERPEL', records: 36 }, { name: 'Terpel', records: 1 }])).toBe('Terpel')
    expect(bestWritten([{ name: 'Planetair', records: 2 }, { name: 'Planétair', records: 1 }])).toBe('Planétair')
    expect(bestWritten([{ name: 'Hollis Mills', records: 1 }, { name: 'Hollis mills', records: 4 }])).toBe('Hollis mills')
    expect(bestWritten([{ name: 'AWS', records: 1 }, { name: 'Aws', records: 3 }])).toBe('Aws')
  })
})

describe('a spelling', () => {
  it("is its field's text with single spaces, named by an id derived from field and text", () => {
    expect(spellingText('  Not\u00a0 Disclosed\n')).toBe('Not Disclosed')
    expect(spellingId({ field: 'Note', text: 'x' })).toBe(spellingId({ field: 'Note', text: 'x' }))
    expect(spellingId({ field: 'Note', text: 'x' })).not.toBe(spellingId({ field: 'Using Entity', text: 'x' }))
    expect(BigInt(spellingId({ field: 'Note', text: 'x' }))).toBeLessThan(2n ** 63n)
  })
})
