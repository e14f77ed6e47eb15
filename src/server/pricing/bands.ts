import { labelNames } from '../../api/contract/vocabulary'
import type { Rng } from '../core/random'
import { lookup } from '../../lib/lookup'

/**
 * Price bands by type in USD per tCO2e: the open reference estimate reads them (estimate.ts), and a
 * generated catalogue's simulated market draws around them (`priceFor`). They follow reported market ranges
 * (renewables and avoided deforestation $1–10, cookstoves $4–12, reforestation $15–30, biochar $100–200, direct
 * air capture $400–1,000; all-types average about $4.7, MSCI Q1 2024); `typical` is where most trades sit.
 */
export interface PriceBand {
  min: number
  max: number
  typical: number
}

const band = (min: number, max: number, typical: number): PriceBand => ({ min, max, typical })

const gridRenewables = band(1, 10, 2.2)
const avoidedDeforestation = band(1, 10, 5.5)
const householdEnergy = band(2, 8, 4)
const transport = band(2, 8, 4)
const mineralization = band(250, 600, 400)

const bandsByType: Record<string, PriceBand> = {
  Wind: gridRenewables,
  Hydropower: gridRenewables,
  'Solar - Centralized': gridRenewables,
  Biomass: gridRenewables,
  Geothermal: gridRenewables,
  'Solar Water Heaters': gridRenewables,
  // Berkeley's bundles of grid-connected renewables, and its forests kept from conversion: the kinds the published
  // ranges name, which the open rating's evidence already counts with hydropower and REDD+ (quality/evidence.ts).
  'RE Bundled': gridRenewables,
  'Solar - Distributed': band(2, 10, 4),
  'REDD+': avoidedDeforestation,
  'Avoided Forest Conversion': avoidedDeforestation,
  'Jurisdictional REDD+': band(5, 10, 8.5),
  Cookstoves: band(4, 12, 6.5),
  'Clean Water': band(3, 10, 5),
  'Community Boreholes': band(3, 10, 5),
  Biodigesters: band(4, 12, 6),
  Lighting: householdEnergy,
  'Bundled Energy Efficiency': householdEnergy,
  'Afforestation/Reforestation': band(15, 30, 21.3),
  'Wetland Restoration': band(12, 35, 22),
  'Improved Forest Management': band(6, 20, 11),
  'Avoided Grassland Conversion': band(8, 20, 12),
  'Landfill Methane': band(2, 8, 3.5),
  'Manure Methane Digester': band(4, 14, 7),
  'Methane Recovery in Wastewater': band(2, 7, 3.5),
  Composting: band(3, 9, 5),
  'Waste Diversion': band(3, 10, 5),
  'Rice Emission Reductions': band(4, 12, 6),
  'Sustainable Agriculture': band(10, 30, 18),
  'Nitrogen Management': band(5, 15, 8),
  'Ozone Depleting Substances Recovery & Destruction': band(3, 9, 5),
  'N2O Destruction in Nitric Acid Production': band(1, 5, 2),
  'HFC23 Destruction': band(0.5, 3, 1),
  'HFC Refrigerant Reclamation': band(3, 10, 6),
  'SF6 Replacement': band(1, 5, 2.5),
  'Mine Methane Capture': band(3, 9, 5),
  'Energy Efficiency': band(1, 6, 2.5),
  'Fuel Switching': band(1, 6, 2.5),
  'Plugging Oil & Gas Wells': band(8, 25, 14),
  'Waste Heat Recovery': band(1, 5, 2),
  'Fleet Efficiency': transport,
  'Electric Vehicles & Charging': transport,
  'Mass Transit': transport,
  // Durable removals sell at what buyers pay to have carbon stored for centuries, not at avoidance prices: each band
  // is set around published purchase prices (pricing/price-method.ts names them and core/citations.ts cites them).
  Biochar: band(100, 200, 140),
  'Direct Air Capture': band(400, 1000, 600),
  'Enhanced Rock Weathering': band(200, 450, 300),
  'Ocean Alkalinity Enhancement': band(200, 450, 270),
  'Biomass Burial': band(250, 500, 380),
  'Bio-oil Geological Storage': band(450, 700, 600),
  BECCS: band(150, 450, 300),
  Mineralization: mineralization,
  // Berkeley's carbon-absorbing concrete (Gold Standard's Swiss and German concrete recyclers, Neustark's process)
  // mineralises CO2 in the concrete for good: a durable removal, priced as mineralization, not at the default band's
  // $4 it had (a $5M technology brief then ranked it first on price).
  'Carbon-Absorbing Concrete': mineralization,
}

export const defaultBand = band(2, 10, 4)

/** Every band with the types it prices, in the order written. */
export function priceBands(): { types: string[]; band: PriceBand }[] {
  const grouped = new Map<PriceBand, string[]>()
  for (const [type, b] of Object.entries(bandsByType)) grouped.set(b, [...(grouped.get(b) ?? []), type])
  return [...grouped].map(([b, types]) => ({ types, band: b }))
}

export function priceBandFor(type: string): PriceBand {
  return lookup(bandsByType, type) ?? defaultBand
}

/** The most any combination of labels and grade adds on top of a band, in USD. */
export const maxQualityPremiumUsd = 14

export interface PricedProject {
  type: string
  vintage?: number | null
  labels: readonly string[]
  quality_grade?: string | null
}

/**
 * A simulated spot price for one generated project: a draw around its type's typical price, cheaper for old vintages, plus a
 * premium for CCP approval (about $3.7 market-wide, $8 for reforestation: MSCI, Q1 2025), CORSIA eligibility
 * and a high grade. Rounded to cents.
 */
export function priceFor(project: PricedProject, rng: Rng): number {
  const { min, max, typical } = priceBandFor(project.type)
  let price = Math.min(max, Math.max(min, rng.logNormal(typical, 0.3)))
  // Buyers discount pre-2016 vintages heavily; the band's floor still holds.
  if (project.vintage != null && project.vintage < 2016) price = Math.max(min, price * rng.float(0.6, 0.85))

  const labels = new Set(project.labels)
  const reforestation = project.type === 'Afforestation/Reforestation'
  let premium = 0
  if (labels.has(labelNames.ccp)) premium += reforestation ? rng.float(6, 9) : rng.float(2.5, 4.5)
  if (labels.has(labelNames.corsiaFirst)) premium += rng.float(3, 6)
  else if (labels.has(labelNames.corsiaPilot)) premium += rng.float(0.5, 1.5)
  if (project.quality_grade === 'AAA' || project.quality_grade === 'AA') premium += rng.float(1.5, 3)
  else if (project.quality_grade === 'A') premium += rng.float(0.5, 1.5)
  price += Math.min(maxQualityPremiumUsd, premium)
  return Math.round(price * 100) / 100
}
