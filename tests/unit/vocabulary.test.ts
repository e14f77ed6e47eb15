import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readVrodProjects } from '../../src/server/importers/vrod-normalise'
import { countries } from '../../src/server/importers/vocabulary/countries'
import { berkeleyRegions, countryNamed } from '../../src/server/importers/vocabulary/country-names'
import { listingVocabulary } from '../../src/server/importers/vocabulary/listing-vocabulary'
import { mapListingType } from '../../src/server/importers/vocabulary/listing-type'
import { methodologyRows } from '../../src/server/importers/vocabulary/methodologies'
import { typeWordRows } from '../../src/server/importers/vocabulary/type-words'
import { nameWordRows } from '../../src/server/importers/vocabulary/name-words'
import { sdgsOf } from '../../src/server/importers/registry/values'
import { sdgCoBenefits } from '../../src/api/contract/vocabulary'
import { readVrodFile } from '../../src/server/importers/vrod-read'
import { credenceTypes, durableRemovalTypes, isVocabularyType, typeIdentity } from '../../src/server/importers/vocabulary/types'
import { berkeleyFile } from '../support/real-files'
import { projectTypes } from '../../src/server/seeding/taxonomy'
import { defaultBand, priceBandFor, priceBands } from '../../src/server/pricing/bands'
import { projectKinds } from '../../src/server/quality/evidence'
import { coBenefitLabel, coBenefitsInWords } from '../../src/api/value-labels'

const listing = (fields: { type?: string | null; methodology?: string | null; country?: string | null }) => ({ type: null, methodology: null, country: null, ...fields })

/**
 * The least agreement rate that `agree` of `read` leaves likely at 95% confidence (the one-sided exact bound of
 * Clopper and Pearson): the rate p at which `agree` or more agreeing would happen 5% of the time.
 */
function agreementAtLeast(agree: number, read: number): number {
  const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k)
  const atLeast = (p: number) => {
    let sum = 0
    for (let k = agree; k <= read; k++) sum += Math.exp(logChoose(read, k) + k * Math.log(p) + (read - k) * Math.log1p(-p))
    return sum
  }
  let [low, high] = [0, 1]
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2
    if (atLeast(middle) < 0.05) low = middle
    else high = middle
  }
  return low
}

const logFactorial = (n: number) => {
  let sum = 0
  for (let i = 2; i <= n; i++) sum += Math.log(i)
  return sum
}

describe("Credence's project types", () => {
  it('spells every type one way: no two differ only by case or punctuation', () => {
    const identities = Object.keys(credenceTypes).map(typeIdentity)
    expect(new Set(identities).size).toBe(identities.length)
  })

  it('makes every durable removal a long-duration removal of its own type, with its scope', () => {
    expect(Object.keys(durableRemovalTypes).sort()).toEqual(
      ['BECCS', 'Bio-oil Geological Storage', 'Biochar', 'Biomass Burial', 'Direct Air Capture', 'Enhanced Rock Weathering', 'Mineralization', 'Ocean Alkalinity Enhancement'].sort(),
    )
    for (const type of Object.values(durableRemovalTypes)) {
      expect(type.reductionRemoval).toBe('long_duration_removal')
      expect(type.scope).toMatch(/^(Engineered Removal|Waste Management)$/)
    }
  })

  it('maps every methodology and type-words row to a type of the vocabulary, each with where it comes from', () => {
    for (const row of [...methodologyRows, ...typeWordRows, ...nameWordRows]) {
      expect(isVocabularyType(row.type), row.type).toBe(true)
      expect(row.source.length).toBeGreaterThan(10)
    }
  })

  it('is the only vocabulary of types: the generated catalogue, the price bands and the findings name its types, with its scopes and approach', () => {
    // A band written under the generator's own spelling ("ODS Destruction") priced none of Berkeley's 341 projects of
    // "Ozone Depleting Substances Recovery & Destruction": 899 real projects had the default band for want of a name.
    const outside = (types: readonly string[]) => types.filter((type) => !Object.hasOwn(credenceTypes, type))
    expect(outside(projectTypes.map((type) => type.name))).toEqual([])
    expect(outside(priceBands().flatMap((band) => band.types))).toEqual([])
    expect(outside(projectKinds.flatMap((kind) => kind.types))).toEqual([])
    for (const type of projectTypes) {
      expect({ type: type.name, scope: type.scope, reductionRemoval: type.reductionRemoval }).toEqual({ type: type.name, ...credenceTypes[type.name] })
    }
  })

  it('prices every long-duration removal of the vocabulary in a band of its own, never the default', () => {
    // Berkeley's Carbon-Absorbing Concrete had none, and was estimated at $4 a tonne beside biochar's $140.
    const durable = Object.entries(credenceTypes).filter(([, type]) => type.reductionRemoval === 'long_duration_removal').map(([name]) => name)
    expect(durable).toContain('Carbon-Absorbing Concrete')
    for (const type of durable) expect(priceBandFor(type), type).not.toBe(defaultBand)
    for (const type of durable) expect(priceBandFor(type).min, type).toBeGreaterThanOrEqual(100)
  })

  it('is written out in docs/vocabulary.md, every methodology, protocol and type-words row with its source', () => {
    const docs = readFileSync('docs/vocabulary.md', 'utf8').replace(/\\\|/g, '|')
    for (const row of methodologyRows) {
      for (const named of [...(row.identifiers ?? []), ...(row.titles ?? []), ...(row.slugs ?? [])]) expect(docs, named).toContain(named)
      expect(docs).toContain(row.source)
    }
    for (const row of typeWordRows) for (const words of row.words) expect(docs, words).toContain(`"${words}"`)
    for (const row of nameWordRows) expect(docs).toContain(row.source)
    for (const type of Object.keys(durableRemovalTypes)) expect(docs).toContain(`| ${type} |`)
  })

  it('reads a name last, within a methodology or type words of several types, and only where it names one of them', () => {
    const acm = (name: string, methodology = 'ACM0002') => mapListingType({ methodology, type: 'Energy industries (renewable/non-renewable sources)', name })
    expect(acm('Maamba 100MW PV Solar Project')).toEqual({ type: 'Solar - Centralized', by: 'name words' })
    expect(acm('Jaisalmer Wind Farm')).toEqual({ type: 'Wind', by: 'name words' })
    expect(acm('Small Hydropower Plant in Sichuan')).toEqual({ type: 'Hydropower', by: 'name words' })
    // Two types named, or none: the name decides nothing.
    expect(acm('Wind and Solar Hybrid Park')).toEqual({ type: null, by: null })
    expect(acm('Grid Renewables Bundle')).toEqual({ type: null, by: null })
    // Another methodology's own type wins; a name under a methodology of no row decides nothing.
    expect(acm('Solar-powered REDD+ patrols', 'VM0015').type).toBe('REDD+')
    expect(acm('Maamba 100MW PV Solar Project', 'ACM0022')).toEqual({ type: null, by: null })
    // Cercarbono's sample of April 2026 names Colombia's dams in Spanish, under ACM0002 and its small-scale AMS-I.D.
    const cercarbono = (name: string, methodology: string) => mapListingType({ methodology, type: "[{'id': 1, 'description': 'Energy industries'}]", name })
    expect(cercarbono('Proyecto Hidroeléctrico El Quimbo', 'CDM - ACM0002: Grid-connected electricity generation from renewable sources')).toEqual({ type: 'Hydropower', by: 'name words' })
    expect(cercarbono('Proyecto Hidroeléctrico Guavio Menor', 'CDM - AMS-I.D.: Grid connected renewable electricity generation').type).toBe('Hydropower')
    expect(acm('Usina Hidrelétrica Santo Antônio')).toEqual({ type: 'Hydropower', by: 'name words' })
    // Small-scale solar under AMS-I.F. is centralised and distributed both: its name decides nothing.
    expect(cercarbono('Granja Solar de Inírida', 'CDM - AMS-I.F.: Renewable electricity generation for captive use and mini-grid').type).toBeNull()
    const domestic = (name: string) => mapListingType({ methodology: null, type: 'Energy Efficiency - Domestic', name })
    expect(domestic('CCT Clean Cooking Project Tanzania')).toEqual({ type: 'Cookstoves', by: 'name words' })
    expect(domestic('Scaling up the production and sale of efficient cookstoves in the urban areas of Maputo Province').type).toBe('Cookstoves')
    expect(domestic('Cova Safe Water Project - Honduras')).toEqual({ type: null, by: null })
    // Gold Standard's sample of April 2026 listed these new, and they read Unknown.
    expect(domestic('GS12856-VPA-3 Unlocking Communities Water Filters for Households')).toEqual({ type: 'Clean Water', by: 'name words' })
    expect(domestic('GS13044 GS13045 RVPA-1 Kenya LifeStraw Give Back Program').type).toBe('Clean Water')
    // Verra's sample listed a landfill gas project under a methodology of no row, in a sector of several types.
    const waste = (name: string, type = 'Waste handling and disposal') => mapListingType({ methodology: 'VMR0016', type, name })
    expect(waste('CASCAVEL LANDFILL GAS PROJECT')).toEqual({ type: 'Landfill Methane', by: 'name words' })
    expect(waste('Landfill Gas to Energy', 'Energy industries (renewable/non-renewable sources); Waste handling and disposal').type).toBe('Landfill Methane')
    expect(waste('Landfill Composting Facility').type).toBeNull()
    expect(listingVocabulary({ ...listing({ type: 'Energy Efficiency - Domestic' }), name: 'Ecofoyer Guinée - Improved Cookstoves' })).toMatchObject({ type: 'Cookstoves', unmappedType: false })
    // Gold Standard's sample of April 2026 listed these new, and they read Unknown. Its "PV" is solar of every size,
    // centralised or distributed: too few of Berkeley's are named as parks or plants for a rule (16 of 16).
    const gs = (type: string, name: string) => mapListingType({ methodology: null, type, name })
    expect(gs('PV', 'Midnightsun PV Solar Park').type).toBeNull()
    expect(gs('Other', 'Reducing Methane Emissions through Improved Rice Cultivation in India')).toEqual({ type: 'Rice Emission Reductions', by: 'name words' })
    expect(gs('Other', 'Rice Husk Power in Bihar').type).toBeNull()
    expect(gs('Other', 'Small Farmers\' Carbon Farming Project in Chishang Taiwan').type).toBeNull()
  })

  it.skipIf(!existsSync(berkeleyFile))("types by name as Berkeley's release types the projects each name rule reads, nine in ten or more", async () => {
    const rows = await readVrodFile(berkeleyFile)
    for (const rule of nameWordRows) {
      const read = rows.filter((row) => {
        // Type words as the rules read them: any one of the registry's parts (Verra lists several sectors, `;` apart).
        const typeWords = String(row['Project Type From the Registry'] ?? '').split(';').map((part) => part.trim())
        const within = 'methodology' in rule.within ? String(row['Methodology / Protocol'] ?? '').includes(rule.within.methodology) : typeWords.includes(rule.within.typeWords)
        const name = String(row['Project Name'] ?? '')
        return within && rule.says.test(name) && !rule.unless.test(name)
      })
      const agree = read.filter((row) => row['Type'] === rule.type).length
      expect(agree / read.length, `${rule.type}: ${agree} of ${read.length}`).toBeGreaterThanOrEqual(0.9)
      // Enough of them that nine in ten would hold at 95% confidence: 53 of 53 do, 16 of 16 would not.
      expect(agreementAtLeast(agree, read.length), `${rule.type}: ${agree} of ${read.length}`).toBeGreaterThanOrEqual(0.9)
      // The rule says how many, as counted here.
      expect(rule.source, rule.type).toContain(`${agree.toLocaleString('en-US')} of the ${read.length.toLocaleString('en-US')}`)
    }
  })

  it.skipIf(!existsSync(berkeleyFile))("holds every type, scope and region of Berkeley's release, and spells its countries as it does", async () => {
    const { projects } = await readVrodProjects(berkeleyFile)
    const vocabularyRegions = new Set(berkeleyRegions)
    for (const project of projects) {
      expect(isVocabularyType(project.type), project.type).toBe(true)
      // Berkeley files Biochar under Waste Management as the vocabulary does; its removals Berkeley calls impermanent.
      expect(credenceTypes[project.type].scope, project.type).toBe(project.scope)
      expect(vocabularyRegions.has(project.region), project.region).toBe(true)
      const country = countryNamed(project.country)
      expect(country?.name, project.country).toBe(project.country)
      expect(country?.region, project.country).toBe(project.region)
    }
  }, 60_000)
})

describe('registry wording mapped at import', () => {
  it('reads the methodology first, whatever its form: a code, a code with its title, several codes, a protocol title, a slug', () => {
    expect(mapListingType(listing({ methodology: 'VM0047', type: 'Agriculture Forestry and Other Land Use' }))).toEqual({ type: 'Afforestation/Reforestation', by: 'methodology' })
    expect(mapListingType(listing({ methodology: 'CDM - AR-ACM0003: Afforestation and reforestation of lands except wetlands' })).type).toBe('Afforestation/Reforestation')
    expect(mapListingType(listing({ methodology: 'AMS-III.Z' })).type).toBe('Brick Manufacturing Emission Reductions')
    expect(mapListingType(listing({ methodology: 'AMS-I.F.; VMR0014; VM0038' })).type).toBe('Electric Vehicles & Charging')
    expect(mapListingType(listing({ methodology: 'CCB - M/LU-REDD+: Methodology for the Implementation of REDD+ Projects' })).type).toBe('REDD+')
    expect(mapListingType(listing({ methodology: 'ART - The REDD+ Environmental Excellence Standard (TREES)', type: 'Forest Carbon' })).type).toBe('Jurisdictional REDD+')
    expect(mapListingType(listing({ methodology: 'Destruction of Ozone Depleting Substances (ODS) from International Sources' })).type).toBe('Ozone Depleting Substances Recovery & Destruction')
    expect(mapListingType(listing({ methodology: 'river-alkalinity-enhancement', type: 'Marine' })).type).toBe('Ocean Alkalinity Enhancement')
    expect(mapListingType(listing({ methodology: 'biogenic-capture-and-storage' })).type).toBe('BECCS')
  })

  it('reads the UN SDGs a listing names, however its registry writes them', () => {
    expect(sdgsOf('4,13,6,5,3,8')).toEqual([3, 4, 5, 6, 8, 13])
    expect(sdgsOf('09: Industry, Innovation and Infrastructure;12: Responsible Consumption and Production;13: Climate Action')).toEqual([9, 12, 13])
    expect(sdgsOf('2. Zero Hunger;9. Industry, Innovation and Infrastructure;13. Climate Action')).toEqual([2, 9, 13])
    expect(sdgsOf('SDG 7; SDG 13; SDG 7')).toEqual([7, 13])
    expect(sdgsOf('')).toEqual([])
    // No goal past 17, and a year is no goal.
    expect(sdgsOf('18, 2030 Agenda, 0')).toEqual([])
  })

  it("falls back on the registry's own type words, and maps nothing it cannot tell", () => {
    expect(mapListingType(listing({ type: 'Ozone Depleting Substances - U.S. - WA ECO Compliance' }))).toEqual({ type: 'Ozone Depleting Substances Recovery & Destruction', by: 'type words' })
    expect(mapListingType(listing({ type: 'A/R' })).type).toBe('Afforestation/Reforestation')
    expect(mapListingType(listing({ type: 'Direct air capture' })).type).toBe('Direct Air Capture')
    expect(mapListingType(listing({ type: 'direct-air capture' })).type).toBe('Direct Air Capture')
    expect(mapListingType(listing({ type: 'Land use (AFOLU); Land use (AFOLU)' }))).toEqual({ type: null, by: null })
    // A methodology of several types (wind, hydro and solar alike) decides nothing; nor do words that cover several.
    expect(mapListingType(listing({ methodology: 'ACM0002', type: 'Energy industries (renewable/non-renewable sources)' })).type).toBeNull()
    expect(mapListingType(listing({ type: 'Energy Efficiency - Domestic' })).type).toBeNull()
  })

  it('keeps the registry words in type_as_published, and takes scope and reduction or removal from the type', () => {
    expect(listingVocabulary(listing({ type: 'Biomass carbon removal and storage', methodology: 'biochar', country: 'United States of America' }))).toEqual({
      type: 'Biochar',
      type_as_published: 'Biomass carbon removal and storage',
      scope: 'Waste Management',
      reduction_removal: 'long_duration_removal',
      country: 'United States',
      region: 'North America',
      unmappedType: false,
      unknownCountry: false,
    })
    expect(listingVocabulary(listing({ type: 'Other', country: 'Narnia' }))).toMatchObject({ type: 'Unknown', type_as_published: 'Other', unmappedType: true, country: 'Narnia', region: 'Unknown', unknownCountry: true })
    expect(listingVocabulary(listing({}))).toMatchObject({ country: 'Unknown', region: 'Unknown', unknownCountry: false })
    // Each part of the words once: CCB16's sector, one per location, read three times over.
    expect(listingVocabulary(listing({ type: 'Energy industries; Energy industries; Energy industries', methodology: 'ACM0002' })).type_as_published).toBe('Energy industries')
    expect(listingVocabulary(listing({ type: 'Land use (AFOLU); Waste; Land use (AFOLU)' })).type_as_published).toBe('Land use (AFOLU); Waste')
  })
})

describe('countries and their regions', () => {
  it('lists every ISO 3166 country once, with Kosovo, each in one of the 13 regions Berkeley uses', () => {
    expect(countries).toHaveLength(250)
    expect(new Set(countries.map((c) => c.alpha2)).size).toBe(250)
    expect(new Set(countries.map((c) => c.alpha3)).size).toBe(250)
    expect(new Set(countries.map((c) => c.name)).size).toBe(250)
    expect([...berkeleyRegions].sort()).toEqual(
      [
        'Central Asia', 'Eastern Asia', 'Eastern Europe', 'Europe', 'International', 'Latin America and the Caribbean', 'North America', 'Northern Africa', 'Oceania',
        'South-Eastern Asia', 'Southern Asia', 'Sub-Saharan Africa', 'Western Asia',
      ].sort(),
    )
  })

  it("reads a country however a registry writes it, into one spelling, never taking the registry's continent word", () => {
    const cases: [string, string, string][] = [
      ['US', 'United States', 'North America'],
      ['USA', 'United States', 'North America'],
      ['United States of America', 'United States', 'North America'],
      ["COTE D'IVOIRE", "Côte d'Ivoire", 'Sub-Saharan Africa'],
      ['Côte d’Ivoire', "Côte d'Ivoire", 'Sub-Saharan Africa'],
      ['CONGO, THE DEMOCRATIC REPUBLIC OF THE', 'DRC', 'Sub-Saharan Africa'],
      ['Democratic Republic of the Congo', 'DRC', 'Sub-Saharan Africa'],
      ['Congo', 'Congo', 'Sub-Saharan Africa'],
      ['Tanzania United Republic of', 'Tanzania', 'Sub-Saharan Africa'],
      ['Korea, Republic of', 'South Korea', 'Eastern Asia'],
      ['Vietnam', 'Viet Nam', 'South-Eastern Asia'],
      ['Turkey', 'Türkiye', 'Western Asia'],
      ['Qatar', 'Qatar', 'Western Asia'],
      ['Czechia', 'Czechia', 'Eastern Europe'],
      ['Norway', 'Norway', 'Europe'],
      ['MX', 'Mexico', 'Latin America and the Caribbean'],
      ['International', 'International', 'International'],
    ]
    for (const [written, name, region] of cases) expect(countryNamed(written), written).toMatchObject({ name, region })
    expect(countryNamed('Asia')).toBeUndefined()
    expect(countryNamed('Latin America')).toBeUndefined()
  })
})

describe('co-benefits in words', () => {
  it('names each UN SDG by its number and title, and a list of them so each reads as one', () => {
    // The brief form offered "UN SDG 13 (37)" beside "Climate adaptation": a buyer knows the goal, not its number.
    expect(coBenefitLabel('sdg_13')).toBe('UN SDG 13: Climate Action')
    expect(coBenefitLabel('sdg_1')).toBe('UN SDG 1: No Poverty')
    expect(coBenefitLabel('sdg_17')).toBe('UN SDG 17: Partnerships for the Goals')
    expect(new Set(sdgCoBenefits.map(coBenefitLabel)).size).toBe(17)
    expect(sdgCoBenefits.map(coBenefitLabel).every((label) => /^UN SDG \d+: [A-Z]/.test(label))).toBe(true)
    expect(coBenefitLabel('biodiversity')).toBe('Biodiversity')
    expect(coBenefitsInWords(['biodiversity', 'sdg_13'])).toBe('Biodiversity, UN SDG 13: Climate Action')
    // A title with a comma of its own: the list is cut by semicolons.
    expect(coBenefitsInWords(['water', 'sdg_9'])).toBe('Water; UN SDG 9: Industry, Innovation and Infrastructure')
  })
})
