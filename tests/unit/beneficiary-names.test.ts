import { describe, expect, it } from 'vitest'
import { beneficiaryOfRecord } from '../../src/server/beneficiaries/extract'
import { readSpelling, type FieldRole } from '../../src/server/beneficiaries/read-spelling'
import { resolveSpellings } from '../../src/server/beneficiaries/resolve'

/**
 * Raw strings as the registries write them, each with the name a person reads in it, or null where it names no
 * one. Written in the registries' manner (their fields, their sentences, their languages), with the issue's own
 * examples; names are invented where a sample's would do.
 */
const table: [registry: string, field: string, role: FieldRole, raw: string, name: string | null][] = [
  // The examples the rules must get right.
  ['Cercarbono', 'passive_subject', 'user', 'TERPEL S.A  NIT 830.095.213-0', 'TERPEL'],
  ['Cercarbono', 'passive_subject', 'user', 'Terpel S.A. NIT 830095213-0', 'Terpel'],
  ['Cercarbono', 'passive_subject', 'user', 'CHEVRON PETROLEUM COMPANY NIT 860.005.223-9', 'CHEVRON PETROLEUM COMPANY'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf of Planétair', 'Planétair'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf of Planetair.', 'Planetair'],
  ['CAR', 'Retirement Reason Details', 'note', '“Retired on behalf of Planétair”', 'Planétair'],
  ['CAR', 'Retirement Reason Details', 'note', 'Anonymously', null],
  ['ART TREES', 'Purpose of Retirement', 'note', 'FY24', null],
  ['CAR', 'Retirement Reason Details', 'note', 'remove impact of generated credits on PCF disclosures', null],
  // Verra: the beneficiary field, with the details beside it.
  ['Verra', 'Retirement Beneficiary', 'user', 'Harbourline Logistics Limited', 'Harbourline Logistics'],
  ['Verra', 'Retirement Beneficiary', 'user', 'Nordvik Shipping, Inc.', 'Nordvik Shipping'],
  ['Verra', 'Retirement Beneficiary', 'user', 'Credits retired on behalf of the Pacific Development Fund to manage climate impact of emissions in CY25. Quantity: 500 tCO2E', 'Pacific Development Fund'],
  ['Verra', 'Retirement Beneficiary', 'user', 'ALTIPLANO TELECOM S/A  (CNPJ: 12.345.678/0001-90)', 'ALTIPLANO TELECOM'],
  ['Verra', 'Retirement Beneficiary', 'user', 'INSTITUTO SERRA AZUL DE PESQUISA - ISAP - CNPJ: 98.765.432/0001-10', 'INSTITUTO SERRA AZUL DE PESQUISA - ISAP'],
  ['Verra', 'Retirement Beneficiary', 'user', 'ANATOLIA LIMAN ISLETME A.S. - Reporting Period: 01.01.2025-31.12.2025', 'ANATOLIA LIMAN ISLETME'],
  ['Verra', 'Retirement Beneficiary', 'user', 'No owner - contributing towards global emissions reductions', null],
  ['Verra', 'Retirement Beneficiary', 'user', 'Environmental Benefit', null],
  ['Verra', 'Retirement Beneficiary', 'user', 'Retirement for Person or Organization', null],
  ['Verra', 'Retirement Beneficiary', 'user', '_', null],
  ['Verra', 'Retirement Beneficiary', 'user', '-', null],
  ['Verra', 'Retirement Details', 'note', 'Retired on the behalf of Velas do Mar - Frete CO2 Neutro', 'Velas do Mar'],
  ['Verra', 'Retirement Details', 'note', 'Retirement on be half of Estúdio Aurora - 5º Festival de Verão.', 'Estúdio Aurora'],
  ['Verra', 'Retirement Details', 'note', 'Retired on the behafl of Ponto Sul - Get Together Curitiba', 'Ponto Sul'],
  ['Verra', 'Retirement Details', 'note', 'Retired on behalf of the Kestrel Expeditions family of companies 2025 emissions.', 'Kestrel Expeditions family of companies'],
  ['Verra', 'Retirement Details', 'note', 'To compensate for unavoidable greenhouse gas emissions and meet net emissions goals.', null],
  ['Verra', 'Retirement Details', 'note', '2% retirement as required under Project 4150 LoA for Article 6', null],
  ['Verra', 'Retirement Details', 'note', '2023 emissions', null],
  // Gold Standard: the using entity, and notes in several languages.
  ['Gold Standard', 'Using Entity', 'user', 'Not Disclosed', null],
  ['Gold Standard', 'Using Entity', 'user', 'Brightwater Holding AG', 'Brightwater Holding'],
  ['Gold Standard', 'Using Entity', 'user', 'Lumen Bank B.V.', 'Lumen Bank'],
  ['Gold Standard', 'Using Entity', 'user', 'Vesta Energia S.p.A.', 'Vesta Energia'],
  ['Gold Standard', 'Using Entity', 'user', 'Kolmio Oy', 'Kolmio'],
  ['Gold Standard', 'Using Entity', 'user', 'Svea Logistik AB', 'Svea Logistik'],
  ['Gold Standard', 'Using Entity', 'user', 'Delta Werke GmbH', 'Delta Werke'],
  ['Gold Standard', 'Using Entity', 'user', 'Marmara Sigorta A.Ş.', 'Marmara Sigorta'],
  ['Gold Standard', 'Note', 'note', 'Retirement on behalf of Alpenwerk Corporation for the compensation of Scope 1 2 and business travel emissions of the year 2025.', 'Alpenwerk'],
  ['Gold Standard', 'Note', 'note', 'Cancelación voluntaria a favor de Andes Energía Chile S.A RUT 76.543.210-K para compensación de emisiones', 'Andes Energía Chile'],
  ['Gold Standard', 'Note', 'note', 'Retiro voluntario en nombre de Cafés del Sur S.A.S. para neutralizar sus emisiones', 'Cafés del Sur'],
  ['Gold Standard', 'Note', 'note', 'Aposentadoria em nome de Padaria Estrela Ltda referente às emissões de 2025', 'Padaria Estrela'],
  ['Gold Standard', 'Note', 'note', 'Retrait au nom de Boulangerie Martin pour la compensation de ses émissions', 'Boulangerie Martin'],
  ['Gold Standard', 'Note', 'note', 'Crédits retirés pour le compte de Voyages Azur SARL', 'Voyages Azur'],
  ['Gold Standard', 'Note', 'note', 'Stilllegung im Namen von Bergwerk Holz GmbH zur Kompensation', 'Bergwerk Holz'],
  ['Gold Standard', 'Note', 'note', 'Ritiro crediti per conto di Sole Mare SpA SB per compensazione delle emissioni 2024', 'Sole Mare'],
  ['Gold Standard', 'Note', 'note', 'Gold Standard Marketplace Order GSM40001 for Ada Lindqvist', 'Ada Lindqvist'],
  ['Gold Standard', 'Note', 'note', 'Gold Standard Marketplace Order GSM40002 for Anonymous', null],
  ['Gold Standard', 'Note', 'note', 'Transferred to Zimbabwe Carbon Registry in accordance with Carbon Trading (General) Regulations 2025', null],
  // ACR, CAR and ART TREES (APX): "Retired on Behalf of", and the free text beside it.
  ['ACR', 'Retired on Behalf of', 'user', 'Retired on behalf of Fjell Holding AG and its wholly owned subsidiaries Fjell Group and Fjell Tools', 'Fjell Holding'],
  ['ACR', 'Retired on Behalf of', 'user', 'Emergent retiring on behalf of Maison Solène', 'Maison Solène'],
  ['ACR', 'Retired on Behalf of', 'user', 'Crestline Foods, LLC', 'Crestline Foods'],
  ['ACR', 'Retired on Behalf of', 'user', 'Meridian Aviation Ltd. ASN 71234', 'Meridian Aviation'],
  ['ACR', 'Purpose of Retirement', 'note', 'Riverbend College for 2025 Emissions', 'Riverbend College'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired by Oakridge Partners on behalf of Halcyon Payments Ltd to compensate for part of its FY26 emissions', 'Halcyon Payments'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retirement of environmental credits on behalf of Quill, Inc. for Consumption Period 01/01/2025-12/31/2025', 'Quill'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf Lanterne Works for voluntary purposes', 'Lanterne Works'],
  ['CAR', 'Retirement Reason Details', 'note', 'Retirados a nombre de Vidrios Norte, S. de R.L. de C.V. para el trámite de obtención del Sello Estatal', 'Vidrios Norte'],
  ['CAR', 'Retirement Reason Details', 'note', 'Beneficiary: Aurum Portfolio SICAV. Retirement reason details: VCM Credits have been retired on behalf of Aurum Portfolio SICAV – Aurum Premium', 'Aurum Portfolio SICAV'],
  ['CAR', 'Retirement Reason Details', 'note', 'Solenne Hospitals -  Transaction Reference 31000', 'Solenne Hospitals'],
  ['CAR', 'Retirement Reason Details', 'note', 'PLASTICOS DEL VALLE S.A.P.I. DE C.V.', 'PLASTICOS DEL VALLE'],
  ['CAR', 'Retirement Reason Details', 'note', 'To meet Wattle University’s carbon mitigation commitments for calendar year 2025', 'Wattle University'],
  ['CAR', 'Retirement Reason Details', 'note', 'Maintain Carbon Neutrality', null],
  ['CAR', 'Retirement Reason Details', 'note', 'Beneficio Ambiental', null],
  ['CAR', 'Retirement Reason Details', 'note', 'Corporate retirement', null],
  // A platform's customers, unnamed, are no one: they read as a company called "Patch's customers".
  ['CAR', 'Retirement Reason Details', 'note', "On behalf of Patch's customers and/ or their End Users", null],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf of Patch’s customers and/or their end users', null],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf of its clients', null],
  ['CAR', 'Retirement Reason Details', 'note', 'Retired on behalf of Pipedrive Inc', 'Pipedrive'],
  ['ART TREES', 'Purpose of Retirement', 'note', 'Offsetting Business Travel for 2022', null],
  // Isometric and Cercarbono: a field for the user, and what says no one.
  ['Isometric', 'beneficiary.name', 'user', 'Tidewater Labs, Inc.', 'Tidewater Labs'],
  ['Isometric', 'notes', 'note', 'https://stripe.com/climate/orders', null],
  ['Cercarbono', 'end_user', 'user', 'Not public', null],
  ['Cercarbono', 'end_user', 'user', 'INDUSTRIAS ANDINAS S A S.', 'INDUSTRIAS ANDINAS'],
  ['Cercarbono', 'end_user', 'user', 'Laboratorios Cóndor Ltda', 'Laboratorios Cóndor'],
]

describe('whom a raw string names, read by the rules', () => {
  it.each(table)('%s %s (%s): %j → %j', (_registry, field, role, raw, name) => {
    expect(readSpelling(role, field, raw).name).toBe(name)
  })

  it('says why, in words a record keeps', () => {
    expect(readSpelling('user', 'passive_subject', 'TERPEL S.A  NIT 830.095.213-0').why).toBe(
      'Read from passive_subject; took off the tax number "NIT 830.095.213-0"; took off the legal form "S.A"',
    )
    expect(readSpelling('note', 'Retirement Reason Details', '“Retired on behalf of Planétair”').why).toBe(
      'Read from Retirement Reason Details, after "on behalf of"; took off its quotes',
    )
    expect(readSpelling('note', 'Retirement Reason Details', 'Anonymously').why).toBe('Retirement Reason Details names no one: "Anonymously" is anonymous')
    expect(readSpelling('note', 'Purpose of Retirement', 'FY24').why).toContain('"FY24" is a period')
  })
})

describe('a field too long to be a name', () => {
  it('names no one, and says so quoting its beginning and its length, never the whole text', () => {
    const company = `Acme ${'Holdings '.repeat(125_000)}Ltd`
    expect(company.length).toBeGreaterThan(1_000_000)
    const user = readSpelling('user', 'Retirement Beneficiary', company)
    expect(user).toEqual({ name: null, why: expect.stringMatching(/^Retirement Beneficiary names no one: "Acme Holdings .*…" \(1,125,008 characters\) is longer than any name$/) })
    expect(user.why.length).toBeLessThan(200)
    // A note may run to a sentence; past any note's length it is not read at all.
    expect(readSpelling('note', 'Retirement Details', `Retired on behalf of ${company}`).name).toBeNull()
    // Read from a note's "on behalf of", a name past 300 characters is not one either.
    const long = readSpelling('note', 'Retirement Details', `Retired on behalf of ${'Verylongname '.repeat(30)}Inc`)
    expect(long.name).toBeNull()
    expect(long.why).toMatch(/is longer than any name, so no one$/)
    expect(readSpelling('user', 'Retirement Beneficiary', 'Microsoft Corporation').name).toBe('Microsoft')
  })
})

describe('which field of a record names the beneficiary', () => {
  it('takes the field for the user first, then a note that names someone', () => {
    const verra = { kind: 'retirement_or_cancellation' as const, reason: 'Environmental Benefit' }
    expect(beneficiaryOfRecord({ ...verra, beneficiary_raw: { 'Retirement Beneficiary': 'Ponto Sul', 'Retirement Details': 'Retired on the behalf of Festa Junina 2026.' } })).toMatchObject({
      spelling: { field: 'Retirement Beneficiary', text: 'Ponto Sul' },
      reading: { name: 'Ponto Sul' },
    })
    expect(beneficiaryOfRecord({ ...verra, beneficiary_raw: { 'Retirement Beneficiary': 'Not Disclosed', 'Retirement Details': 'Retired on behalf of Kite Labs' } }).reading.name).toBe('Kite Labs')
  })

  it('takes the account holder only where the reason says it retired for its own benefit', () => {
    const art = (reason: string) => beneficiaryOfRecord({ kind: 'retirement', reason, beneficiary_raw: { 'Purpose of Retirement': 'FY24', 'Account Holder': 'Orchard Devices' } })
    expect(art('Contribution Towards Corporate Climate Pledge').reading).toEqual({
      name: 'Orchard Devices',
      // What the rules read into the reason is said as theirs: "Environmental Benefit" does not say "its own".
      why: "Read from Account Holder: the registry names no one else, and its reason (an environmental benefit or a pledge, not a third party's) is read as the account retiring them for itself",
    })
    expect(art('On Behalf of Third Party')).toMatchObject({ spelling: { field: 'Purpose of Retirement', text: 'FY24' }, reading: { name: null } })
  })

  it('reads nothing for an issuance, and keeps a field that names no one as the raw string to show', () => {
    expect(beneficiaryOfRecord({ kind: 'issuance', reason: null, beneficiary_raw: { 'Retirement Beneficiary': 'Kite Labs' } }).spelling).toBeNull()
    expect(beneficiaryOfRecord({ kind: 'retirement', reason: null, beneficiary_raw: { 'Using Entity': '  Not   Disclosed ' } })).toMatchObject({
      spelling: { field: 'Using Entity', text: 'Not Disclosed' },
      reading: { name: null },
    })
  })
})

describe('spellings of one company, resolved to one name', () => {
  const spelling = (id: string, role: FieldRole, field: string, text: string, records = 1) => {
    const reading = readSpelling(role, field, text)
    return { id, text, rulesName: reading.name, rulesWhy: reading.why, records }
  }

  it('groups "TERPEL S.A  NIT …" and "Terpel S.A. NIT …" as Terpel, and the three Planétair as Planétair', () => {
    const resolved = resolveSpellings(
      [
        spelling('1', 'user', 'passive_subject', 'TERPEL S.A  NIT 830.095.213-0', 30),
        spelling('2', 'user', 'passive_subject', 'Terpel S.A. NIT 830095213-0'),
        spelling('3', 'note', 'Retirement Reason Details', 'Retired on behalf of Planétair'),
        spelling('4', 'note', 'Retirement Reason Details', 'Retired on behalf of Planetair.', 5),
        spelling('5', 'note', 'Retirement Reason Details', '“Retired on behalf of Planétair”'),
        spelling('6', 'note', 'Retirement Reason Details', 'Anonymously'),
      ],
      [],
    )
    expect(resolved.map((r) => r.name)).toEqual(['Terpel', 'Terpel', 'Planétair', 'Planétair', 'Planétair', null])
    expect(resolved[0].why).toContain('one company with the names "TERPEL", "Terpel"')
  })

  it('joins what spacing parts (n-gram keys), but not names whose numbers differ', () => {
    const resolved = resolveSpellings(
      [
        spelling('1', 'user', 'Using Entity', 'Coca-Cola', 3),
        spelling('2', 'user', 'Using Entity', 'Coca Cola'),
        spelling('3', 'user', 'Using Entity', 'Company 121 Ltd'),
        spelling('4', 'user', 'Using Entity', 'Company 1212 Ltd'),
      ],
      [],
    )
    expect(resolved.map((r) => r.name)).toEqual(['Coca-Cola', 'Coca-Cola', 'Company 121', 'Company 1212'])
  })
})
