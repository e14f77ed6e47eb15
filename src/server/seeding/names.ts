import type { RegistryCode } from '../../api/contract/common'
import type { Rng } from '../core/random'
import type { Country, GeneratedRegistry, ProjectType, Region, Scope } from './taxonomy'

/**
 * What a generated project is called: its name, developer, methodology and registry key. Real registry data
 * has accents, ampersands, slashes, quotes and programme names of two hundred characters; so does this.
 */

export interface NameContext {
  type: ProjectType
  registry: RegistryCode
  country: Country
  /** The subdivision the project sits in, when known. */
  place: string | null
  developer: string | null
}

const landscapes = ['Corridor', 'Highlands', 'Valley', 'Basin', 'Coast', 'Lowlands', 'Watershed', 'Plateau', 'Landscape', 'Forest Reserve']
const estates = ['Blue Ridge', 'Pine Hollow', 'Cedar Creek', 'Elk Mountain', 'Bear Lake', 'Eagle Ridge', 'Big Timber', 'Stone Brook', "O'Neill Family", 'Twin Rivers']
const farms = ['Riverbend', 'Green Valley', 'Sunrise', 'Hilltop', 'Meadowbrook', 'Clover Hill', 'Maple Leaf', 'Prairie View']
const brands = ['Jiko Safi', 'Mama Stove', 'Chulha Plus', 'FireLight', 'Hariyali', 'Mti Moja', 'Árboles Vivos', 'Floresta Viva', 'Lumière', 'Maji Safi']
const series = ['Alpha', 'Borealis', 'Cascade', 'Delta', 'Ember', 'Fjord']

const commonStems = [
  'Terra', 'Verde', 'Blue Horizon', 'Greenline', 'Boreal', 'Canopy', 'Riverstone', 'Summit', 'Meridian', 'Northwind',
  'Solstice', 'Clearwater', 'Keystone', 'Evergreen', 'Highland', 'Pioneer',
]
/** Local-sounding stems, so a Chinese wind farm is not run by a company with a Swahili name. */
const stemsByRegion: Partial<Record<Region, string[]>> = {
  'Sub-Saharan Africa': ['Kijani', 'Amani', 'Sahel', 'Savanna', 'Maisha', 'Ubuntu'],
  'Southern Asia': ['Suryoday', 'Pragati', 'Hariyali', 'Shakti', 'Prakriti'],
  'Eastern Asia': ['Hengtai', 'Minghua', 'Jiahe', 'Huafeng', 'Xinyuan'],
  'South-Eastern Asia': ['Mekong', 'Nusantara', 'Lotus', 'Sinar'],
  'Latin America and the Caribbean': ['Tierra Viva', 'Mata Nativa', 'Andes', 'Selva', 'Pachamama', 'Sertão'],
  'Western Asia': ['Anadolu', 'Yeşil Vadi', 'Ege', 'Toros'],
  'North America': ['Cascade', 'Prairie', 'Appalachian', 'Great Lakes', 'Sierra'],
  Europe: ['Nordic', 'Alpine', 'Atlantic', 'Hanse'],
}
const tradesByScope: Record<Scope, string[]> = {
  'Household & Community': ['Carbon', 'Climate Partners', 'Impact', 'Clean Energy'],
  'Renewable Energy': ['Energy', 'Renewables', 'Power', 'Clean Energy'],
  'Forestry & Land Use': ['Forestry', 'Carbon', 'Carbon & Land', 'Conservation'],
  Agriculture: ['Agro', 'Farm Carbon', 'Agri & Climate'],
  'Waste Management': ['Environmental Services', 'Waste & Energy', 'Carbon'],
  'Chemical Processes': ['Chemicals', 'Environmental Services', 'Industries'],
  'Industrial & Commercial': ['Industries', 'Energy', 'Environmental Services'],
  Transportation: ['Mobility', 'Transport', 'Clean Energy'],
  'Carbon Capture & Storage': ['Carbon Storage', 'Energy', 'Subsurface'],
  'Engineered Removal': ['Carbon Removal', 'Climate', 'Carbon'],
}

const companySuffixByCountry: Record<string, string[]> = {
  India: ['Pvt. Ltd.', 'Ltd.'],
  China: ['Co., Ltd.'],
  'United States': ['LLC', 'Inc.', 'LP'],
  Canada: ['Inc.', 'Ltd.'],
  Brazil: ['Ltda.', 'S.A.'],
  Mexico: ['S.A. de C.V.', 'S.C.'],
  Germany: ['GmbH'],
  Switzerland: ['AG', 'GmbH'],
  Türkiye: ['A.Ş.', 'Ltd. Şti.'],
  France: ['SAS'],
  'Viet Nam': ['JSC'],
  Indonesia: ['PT'],
}

export function developerFor(country: Country, scope: Scope, rng: Rng): string | null {
  if (rng.chance(0.08)) return null
  const suffix = rng.pick(companySuffixByCountry[country.name] ?? ['Ltd', 'Limited', 'Foundation'])
  const local = stemsByRegion[country.region]
  const stem = rng.pick(local && rng.chance(0.7) ? local : commonStems)
  const trade = rng.pick(tradesByScope[scope])
  // Indonesian companies put the legal form first.
  return suffix === 'PT' ? `PT ${stem} ${trade}` : `${stem} ${trade} ${suffix}`
}

/** A short form of the developer for names ("Kijani Carbon Ltd" → "Kijani"). */
function brandOf(developer: string | null, rng: Rng): string {
  if (!developer) return rng.pick(commonStems)
  return developer.replace(/^PT /, '').split(' ')[0]
}

type Template = (where: string, ctx: NameContext, rng: Rng) => string

const mw = (rng: Rng, min: number, max: number) => `${rng.int(min, max)} MW`

const templatesByType: Record<string, Template[]> = {
  Cookstoves: [
    (_, c) => `Rural ${c.country.name} Efficient Cookstoves Programme`,
    (w) => `${w} Improved Cookstoves Project`,
    (_, c, r) => `${brandOf(c.developer, r)} Clean Cooking – ${c.country.name}`,
    (w, c) => `Fuel-Efficient Stoves for Households in ${w}, ${c.country.name}`,
    (_, c, r) => `${c.country.name} Cookstove Programme of Activities – VPA ${r.int(1, 60)}`,
    (w, _, r) => `"${r.pick(brands)}" Improved Cookstoves in ${w}`,
  ],
  'Clean Water': [
    (w) => `Safe Water for ${w} Schools & Households`,
    (_, c) => `${c.country.name} Water Filter Distribution Programme`,
    (w, c, r) => `${brandOf(c.developer, r)} Safe Drinking Water – ${w}`,
  ],
  'Community Boreholes': [
    (w) => `${w} Community Borehole Rehabilitation Project`,
    (_, c, r) => `Clean Water Boreholes – ${c.country.name} VPA ${r.int(1, 40)}`,
  ],
  Biodigesters: [(_, c) => `${c.country.name} Household Biogas Programme`, (w) => `${w} Domestic Biodigesters Project`],
  Lighting: [
    (w) => `Solar Lanterns for Off-Grid Households in ${w}`,
    (_, c) => `${c.country.name} Efficient Lighting (CFL/LED) Programme`,
  ],
  'Bundled Energy Efficiency': [(w) => `Energy-Efficient Homes in ${w}`, (_, c) => `${c.country.name} Household Energy Efficiency Programme`],
  Wind: [
    (w, _, r) => `${w} ${mw(r, 10, 300)} Wind Power Project`,
    (w) => `${w} Wind Farm`,
    (w, c, r) => `${brandOf(c.developer, r)} Wind/Solar Hybrid Project in ${w}`,
    (w, c, r) => `Bundled Wind Power Project in ${w} by ${c.developer ?? brandOf(null, r)}`,
  ],
  Hydropower: [
    (w, _, r) => `${w} ${mw(r, 2, 120)} Run-of-River Hydropower Project`,
    (w) => `Small Hydro Project at ${w}`,
    (w, c, r) => `${brandOf(c.developer, r)} Hydroelectric Project, ${w}`,
  ],
  'Solar - Centralized': [
    (w, _, r) => `${w} ${r.int(5, 500)} MWp Solar PV Plant`,
    (w, c, r) => `${brandOf(c.developer, r)} Grid-Connected Solar Power Project, ${w}`,
  ],
  Biomass: [
    (w) => `${w} Biomass Cogeneration Project`,
    (w) => `Rice Husk Power Plant in ${w}`,
    (w, c, r) => `Bagasse Cogeneration at ${brandOf(c.developer, r)} Sugar Mill, ${w}`,
  ],
  'Solar - Distributed': [(w) => `Rooftop Solar for ${w} SMEs`, (_, c) => `${c.country.name} Solar Home Systems Programme`],
  Geothermal: [(w) => `${w} Geothermal Power Plant`],
  'Solar Water Heaters': [(w) => `Solar Water Heaters for ${w} Households`],
  'Improved Forest Management': [
    (w) => `${w} Forest Carbon Project`,
    (w, c, r) => `${brandOf(c.developer, r)} Improved Forest Management – ${w}`,
    (_, __, r) => `${r.pick(estates)} Timberlands IFM Project`,
    (w) => `${w} Family Forest Carbon Program`,
  ],
  'Afforestation/Reforestation': [
    (w) => `${w} Reforestation Project`,
    (w) => `Restoring Degraded Lands in ${w}`,
    (w) => `${w} Afforestation/Reforestation Project`,
    (_, c) => `${c.country.name} Agroforestry & Reforestation Programme`,
    (w, _, r) => `"${r.pick(brands)}" Community Reforestation, ${w}`,
  ],
  'REDD+': [
    (w, _, r) => `${w} ${r.pick(landscapes)} REDD+ Project`,
    (w) => `The ${w} Forest Conservation Project`,
    (w) => `${w} Mangrove & Forest Protection (REDD+)`,
    (w, c) => `Avoided Deforestation in ${w}, ${c.country.name}`,
  ],
  'Avoided Grassland Conversion': [(w) => `${w} Grassland Conservation Project`],
  'Wetland Restoration': [
    (w) => `${w} Mangrove Restoration Project`,
    (w) => `${w} Delta Blue Carbon Project`,
    (w) => `Tidal Wetland Restoration in ${w}`,
  ],
  'Jurisdictional REDD+': [
    (_, c) => `${c.country.name} Jurisdictional REDD+ Programme`,
    (w) => `${w} Jurisdictional REDD+ Program`,
  ],
  'Manure Methane Digester': [
    (_, __, r) => `${r.pick(farms)} Dairy Digester Project`,
    (w) => `${w} Swine Farm Methane Capture`,
    (w, _, r) => `Anaerobic Digestion at ${r.pick(farms)} Farms, ${w}`,
  ],
  'Rice Emission Reductions': [
    (w) => `${w} Alternate Wetting & Drying Rice Project`,
    (w) => `Methane Emission Reduction in Rice Paddies of ${w}`,
  ],
  'Sustainable Agriculture': [
    (w) => `${w} Regenerative Agriculture Project`,
    (w) => `Soil Carbon from Improved Grazing in ${w}`,
    (_, c, r) => `${brandOf(c.developer, r)} Sustainable Farming Programme`,
  ],
  'Nitrogen Management': [(w) => `${w} Nitrogen Management Project`],
  'Landfill Methane': [
    (w) => `${w} Landfill Gas Capture`,
    (w) => `${w} Landfill Gas Collection and Flaring Project`,
    (w) => `${w} Landfill Gas-to-Energy Project`,
  ],
  'Methane Recovery in Wastewater': [
    (w, c, r) => `${brandOf(c.developer, r)} Palm Oil Mill Effluent Methane Capture, ${w}`,
    (w) => `${w} Wastewater Treatment Methane Recovery`,
  ],
  Composting: [(w) => `${w} Municipal Solid Waste Composting Project`],
  'Waste Diversion': [(w) => `${w} Plastic Recycling & Waste Diversion Project`],
  'Ozone Depleting Substances Recovery & Destruction': [
    (_, c, r) => `${brandOf(c.developer, r)} ODS Destruction Project #${r.int(1, 40)}`,
    (w) => `${w} Refrigerant ODS Destruction`,
  ],
  'N2O Destruction in Nitric Acid Production': [(w, c, r) => `N2O Abatement at ${brandOf(c.developer, r)} Nitric Acid Plant, ${w}`],
  'HFC23 Destruction': [(w, c, r) => `HFC-23 Decomposition Project at ${brandOf(c.developer, r)}, ${w}`],
  'HFC Refrigerant Reclamation': [(_, c, r) => `Certified Reclaimed HFC Refrigerants – ${brandOf(c.developer, r)}`],
  'SF6 Replacement': [(w) => `SF6 Replacement in ${w} Magnesium Casting`],
  'Mine Methane Capture': [
    (w) => `${w} Coal Mine Methane Utilization Project`,
    (_, __, r) => `${r.pick(estates)} Mine VAM Abatement Project`,
  ],
  'Energy Efficiency': [(w, c, r) => `Energy Efficiency at ${brandOf(c.developer, r)} Cement Plant, ${w}`],
  'Fuel Switching': [
    (w, c, r) => `Fuel Switch from Coal to Natural Gas at ${brandOf(c.developer, r)}, ${w}`,
    (w) => `${w} Ceramic Kilns Fuel Switching (Biomass)`,
  ],
  'Plugging Oil & Gas Wells': [(w) => `${w} Orphaned Oil & Gas Wells Plugging`, (w) => `Orphan Well Plugging in ${w}`],
  'Waste Heat Recovery': [(w, c, r) => `Waste Heat Recovery Power Generation at ${brandOf(c.developer, r)}, ${w}`],
  'Fleet Efficiency': [(_, c, r) => `${brandOf(c.developer, r)} Fleet Efficiency Programme`],
  'Electric Vehicles & Charging': [(w) => `${w} Electric Two-Wheeler Programme`, (w) => `E-Mobility for ${w}`],
  'Mass Transit': [(w) => `${w} Metro Rail Project`, (w) => `${w} Bus Rapid Transit System`],
  'Carbon Capture & Enhanced Oil Recovery': [(w) => `${w} CO2 Capture & Enhanced Oil Recovery Project`],
  Biochar: [(w, c, r) => `${brandOf(c.developer, r)} Biochar Facility – ${w}`, (w) => `${w} Biochar Carbon Removal`],
  'Direct Air Capture': [
    (w, c, r) => `${brandOf(c.developer, r)} Direct Air Capture Hub, ${w}`,
    (w, _, r) => `Project ${r.pick(series)} DAC – ${w}`,
  ],
  'Enhanced Rock Weathering': [
    (w) => `Enhanced Rock Weathering on ${w} Farmlands`,
    (w, c, r) => `${brandOf(c.developer, r)} Basalt Weathering Trial, ${w}`,
  ],
}

const maxNameLength = 220

/**
 * Programme-of-activities names as Gold Standard and Verra list them: long, in parts, and cut at the last
 * part that fits the registry's limit.
 */
function programmeName(base: string, where: string, ctx: NameContext, rng: Rng): string {
  const districts = ctx.country.subdivisions.slice(0, rng.int(2, 4)).join(', ') || where
  const parts = [
    base,
    ` – Programme of Activities for Low-Income Households in ${where}, ${ctx.country.name}`,
    `: Component Project Activity (VPA/CPA) No. ${rng.int(1, 99)}`,
    ` Covering the Districts of ${districts} and Surrounding Areas`,
  ]
  let name = ''
  for (const part of parts) {
    if ((name + part).length > maxNameLength) break
    name += part
  }
  return name
}

export function projectNameFor(ctx: NameContext, rng: Rng): string {
  const where = ctx.place ?? (ctx.country.name === 'International' ? 'Global' : ctx.country.name)
  const templates = templatesByType[ctx.type.name] ?? [(w: string) => `${w} ${ctx.type.name} Project`]
  const base = rng.pick(templates)(where, ctx, rng)
  // Programmes of activities are how household devices are registered at scale.
  const programme = ctx.type.scope === 'Household & Community' || ctx.type.name === 'Solar - Distributed'
  return programme && rng.chance(0.02) ? programmeName(base, where, ctx, rng) : base
}

/** Registry IDs are sequential with gaps (withdrawn drafts, other standards sharing the counter). */
const keyNumbering: Record<GeneratedRegistry, { first: number; meanGap: number }> = {
  VCS: { first: 1, meanGap: 1.12 },
  GS: { first: 1, meanGap: 3 },
  CAR: { first: 100, meanGap: 1.45 },
  ACR: { first: 100, meanGap: 1.05 },
  ART: { first: 100, meanGap: 1.5 },
  ISO: { first: 1, meanGap: 1.5 },
  PURO: { first: 1, meanGap: 1.3 },
}

/** `count` keys of one registry in ascending order, e.g. VCS1, VCS2, VCS4…; unique within the registry. */
export function registryKeys(registry: GeneratedRegistry, count: number, rng: Rng): string[] {
  const { first, meanGap } = keyNumbering[registry]
  const keys = new Array<string>(count)
  let number = first
  for (let i = 0; i < count; i++) {
    keys[i] = `${registry}${number}`
    number += 1 + Math.floor(-Math.log(1 - rng.next()) * (meanGap - 1))
  }
  return keys
}

export function websiteFor(developer: string | null, key: string, rng: Rng): string | null {
  if (!developer || !rng.chance(0.45)) return null
  const slug = brandOf(developer, rng)
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
  // The reserved .example domain: these are simulated projects and must not point at real companies.
  return `https://www.${slug}-carbon.example/projects/${key.toLowerCase()}`
}

const methodologiesByType: Record<string, Partial<Record<RegistryCode, string[]>> & { default?: string[] }> = {
  Cookstoves: { VCS: ['VMR0006', 'AMS-II.G.', 'VM0050'], GS: ['GS TPDDTEC', 'GS Metered & Measured Energy Cooking Devices', 'AMS-II.G.'] },
  'Clean Water': { default: ['AMS-III.AV.'], GS: ['AMS-III.AV.', 'GS Emission Reductions from Safe Drinking Water Supply'] },
  'Community Boreholes': { default: ['AMS-III.AV.'] },
  Biodigesters: { default: ['AMS-I.E.', 'AMS-III.R.'], GS: ['GS TPDDTEC', 'AMS-I.E.'] },
  Lighting: { default: ['AMS-II.J.', 'AMS-III.AR.'] },
  'Bundled Energy Efficiency': { default: ['AMS-II.C.', 'AMS-II.E.'] },
  Wind: { default: ['ACM0002', 'AMS-I.D.'] },
  Hydropower: { default: ['ACM0002', 'AMS-I.D.'] },
  'Solar - Centralized': { default: ['ACM0002', 'AMS-I.D.'] },
  Geothermal: { default: ['ACM0002'] },
  Biomass: { default: ['ACM0006', 'AMS-I.C.', 'ACM0018'] },
  'Solar - Distributed': { default: ['AMS-I.A.', 'AMS-I.F.'] },
  'Solar Water Heaters': { default: ['AMS-I.J.'] },
  'Improved Forest Management': {
    VCS: ['VM0010', 'VM0012', 'VM0045', 'VM0003'],
    CAR: ['U.S. Forest Protocol', 'Mexico Forest Protocol'],
    ACR: ['IFM on Non-Federal U.S. Forestlands', 'IFM on Canadian Forestland', 'Small Non-Industrial Private Forestlands'],
  },
  'Afforestation/Reforestation': {
    VCS: ['AR-ACM0003', 'VM0047', 'AR-AMS0007'],
    GS: ['GS A/R Requirements'],
    CAR: ['U.S. Forest Protocol'],
    ACR: ['Afforestation and Reforestation of Degraded Lands'],
  },
  'REDD+': { default: ['VM0007', 'VM0009', 'VM0015', 'VM0006', 'VM0048'] },
  'Avoided Grassland Conversion': { VCS: ['VM0032'], CAR: ['Grassland Protocol'], ACR: ['Avoided Conversion of Grasslands and Shrublands to Crop Production'] },
  'Wetland Restoration': { VCS: ['VM0033', 'VM0024'], ACR: ['Restoration of California Deltaic and Coastal Wetlands', 'Restoration of Degraded Deltaic Wetlands of the Mississippi Delta'] },
  'Jurisdictional REDD+': { default: ['TREES 2.0', 'TREES 2.0 (HFLD)'] },
  'Manure Methane Digester': { default: ['AMS-III.D.', 'ACM0010'], CAR: ['U.S. Livestock Protocol', 'Mexico Livestock Protocol'], ACR: ['Emission Reductions from Manure Management'] },
  'Rice Emission Reductions': { default: ['AMS-III.AU.'], VCS: ['AMS-III.AU.', 'VM0051'] },
  'Sustainable Agriculture': { VCS: ['VM0042', 'VM0017', 'VM0026'], GS: ['GS Soil Organic Carbon Framework'], CAR: ['Soil Enrichment Protocol'] },
  'Nitrogen Management': { VCS: ['VM0022'], CAR: ['Nitrogen Management Protocol'], ACR: ['Nitrogen Management'] },
  'Landfill Methane': { default: ['ACM0001', 'AMS-III.G.'], CAR: ['U.S. Landfill Protocol', 'Mexico Landfill Protocol'], ACR: ['Landfill Gas Destruction and Beneficial Use'] },
  'Methane Recovery in Wastewater': { default: ['AMS-III.H.', 'ACM0014'] },
  Composting: { default: ['AMS-III.F.'], CAR: ['Organic Waste Composting Protocol'] },
  'Waste Diversion': { default: ['AMS-III.AJ.', 'AMS-III.BA.'] },
  'Ozone Depleting Substances Recovery & Destruction': { CAR: ['U.S. Ozone Depleting Substances Protocol', 'Article 5 ODS Project Protocol'], ACR: ['Destruction of Ozone Depleting Substances and High-GWP Foam'] },
  'N2O Destruction in Nitric Acid Production': { default: ['AM0034', 'ACM0019'], CAR: ['Nitric Acid Production Protocol'], ACR: ['N2O Emission Reductions in Nitric Acid Production'] },
  'HFC23 Destruction': { default: ['AM0001'] },
  'HFC Refrigerant Reclamation': { default: ['Certified Reclaimed HFC Refrigerants'] },
  'SF6 Replacement': { default: ['AM0065'] },
  'Mine Methane Capture': { default: ['ACM0008'], CAR: ['Coal Mine Methane Protocol'], ACR: ['Capturing and Destroying Methane from Coal and Trona Mines'] },
  'Energy Efficiency': { default: ['AMS-II.D.', 'ACM0012'] },
  'Fuel Switching': { default: ['AMS-III.B.', 'ACM0009'] },
  'Plugging Oil & Gas Wells': { default: ['AM0023', 'AM0009'], ACR: ['Plugging Orphaned and Abandoned Oil and Gas Wells'] },
  'Waste Heat Recovery': { default: ['ACM0012'] },
  'Fleet Efficiency': { default: ['AMS-III.AT.'] },
  'Electric Vehicles & Charging': { default: ['VM0038', 'AMS-III.C.'] },
  'Mass Transit': { default: ['ACM0016', 'AM0031'] },
  'Carbon Capture & Enhanced Oil Recovery': { default: ['VM0049'], ACR: ['Carbon Capture and Storage in Oil and Gas Reservoirs'] },
  Biochar: { VCS: ['VM0044'], ISO: ['Biochar Production and Storage'], PURO: ['Puro Biochar Methodology'] },
  'Direct Air Capture': { ISO: ['Direct Air Capture'], PURO: ['Puro Geologically Stored Carbon'] },
  'Enhanced Rock Weathering': { ISO: ['Enhanced Weathering in Agriculture'], PURO: ['Puro Enhanced Rock Weathering'] },
}

/** The methodology or protocol a project follows; a few registry records leave it blank. */
export function methodologyFor(type: ProjectType, registry: RegistryCode, country: Country, rng: Rng): string | null {
  if (rng.chance(0.04)) return null
  const entry = methodologiesByType[type.name]
  const options = entry?.[registry] ?? entry?.default
  if (!options) return null
  // CAR's Mexican protocols apply to Mexico only, and its U.S. ones to the United States.
  const local = options.filter((m) => (country.name === 'Mexico' ? !m.startsWith('U.S.') : !m.startsWith('Mexico')))
  return rng.pick(local.length > 0 ? local : options)
}
