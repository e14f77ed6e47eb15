import type { ReductionRemoval } from '../../../api/contract/common'

/** What a Credence type is: the scope it belongs to, and whether its credits reduce or remove. */
export interface CredenceType {
  scope: string
  reductionRemoval: ReductionRemoval
}

const of = (scope: string, reductionRemoval: ReductionRemoval = 'reduction'): CredenceType => ({ scope, reductionRemoval })

/**
 * Credence's project types: Berkeley's type names (VROD v2025-12), each with the scope and reduction or removal
 * Berkeley gives its projects, so a registry's new listing lands in the same facet, approach and price band as
 * Berkeley's projects of its kind.
 */
const berkeleyTypes: Record<string, CredenceType> = {
  'Bundled Compost Production and Soil Application': of('Agriculture', 'mixed'),
  'Feed Additives': of('Agriculture'),
  'Improved Irrigation Management': of('Agriculture'),
  'Manure Methane Digester': of('Agriculture'),
  'Nitrogen Management': of('Agriculture'),
  'Rice Emission Reductions': of('Agriculture'),
  'Solid Waste Separation': of('Agriculture'),
  'Sustainable Agriculture': of('Agriculture', 'mixed'),
  'Carbon Capture & Enhanced Oil Recovery': of('Carbon Capture & Storage'),
  'Carbon Capture in Concrete': of('Carbon Capture & Storage'),
  'Carbon Capture in Plastic': of('Carbon Capture & Storage'),
  'Advanced Refrigerants': of('Chemical Processes'),
  'HFC Refrigerant Reclamation': of('Chemical Processes'),
  'HFC Replacement in Foam Production': of('Chemical Processes'),
  'HFC23 Destruction': of('Chemical Processes'),
  'N2O Destruction in Adipic Acid Production': of('Chemical Processes'),
  'N2O Destruction in Nitric Acid Production': of('Chemical Processes'),
  'Ozone Depleting Substances Recovery & Destruction': of('Chemical Processes'),
  'Propylene Oxide Production': of('Chemical Processes'),
  'Refrigerant Leak Detection': of('Chemical Processes'),
  'SF6 Replacement': of('Chemical Processes'),
  'Afforestation/Reforestation': of('Forestry & Land Use', 'impermanent_removal'),
  'Avoided Forest Conversion': of('Forestry & Land Use'),
  'Avoided Grassland Conversion': of('Forestry & Land Use'),
  'Improved Forest Management': of('Forestry & Land Use', 'mixed'),
  'Jurisdictional REDD+': of('Forestry & Land Use'),
  'REDD+': of('Forestry & Land Use'),
  'Sustainable Grassland Management': of('Forestry & Land Use', 'mixed'),
  'Wetland Restoration': of('Forestry & Land Use', 'mixed'),
  Biodigesters: of('Household & Community'),
  'Bundled Energy Efficiency': of('Household & Community'),
  'Clean Water': of('Household & Community'),
  'Community Boreholes': of('Household & Community'),
  Cookstoves: of('Household & Community'),
  Lighting: of('Household & Community'),
  Weatherization: of('Household & Community'),
  'Aluminum Smelters Emission Reductions': of('Industrial & Commercial'),
  'Brick Manufacturing Emission Reductions': of('Industrial & Commercial'),
  'Carbon-Absorbing Concrete': of('Industrial & Commercial', 'long_duration_removal'),
  'Energy Efficiency': of('Industrial & Commercial'),
  'Fuel Switching': of('Industrial & Commercial'),
  'Grid Expansion & Mini-Grids': of('Industrial & Commercial'),
  'Leak Detection & Repair in Gas Systems': of('Industrial & Commercial'),
  'Lower Carbon Cement & Concrete': of('Industrial & Commercial'),
  'Mine Methane Capture': of('Industrial & Commercial'),
  'Natural Gas Electricity Generation': of('Industrial & Commercial'),
  'Oil Recycling': of('Industrial & Commercial'),
  'Plugging Oil & Gas Wells': of('Industrial & Commercial'),
  'Pneumatic Retrofit': of('Industrial & Commercial'),
  'Road Construction Emission Reductions': of('Industrial & Commercial'),
  'University Campus Emission Reductions': of('Industrial & Commercial'),
  'Waste Gas Recovery': of('Industrial & Commercial'),
  'Waste Heat Recovery': of('Industrial & Commercial'),
  Biomass: of('Renewable Energy'),
  'Energy Storage': of('Renewable Energy'),
  Geothermal: of('Renewable Energy'),
  Hydropower: of('Renewable Energy'),
  'RE Bundled': of('Renewable Energy'),
  'Solar - Centralized': of('Renewable Energy'),
  'Solar - Distributed': of('Renewable Energy'),
  'Solar Lighting': of('Renewable Energy'),
  'Solar Water Heaters': of('Renewable Energy'),
  Wind: of('Renewable Energy'),
  Bicycles: of('Transportation'),
  'Electric Vehicles & Charging': of('Transportation'),
  'Fleet Efficiency': of('Transportation'),
  'Fuel Transport': of('Transportation'),
  'Mass Transit': of('Transportation'),
  Shipping: of('Transportation'),
  'Truck Stop Electrification': of('Transportation'),
  Composting: of('Waste Management'),
  'Landfill Methane': of('Waste Management'),
  'Methane Recovery in Wastewater': of('Waste Management'),
  'Waste Diversion': of('Waste Management'),
  'Waste Incineration': of('Waste Management'),
  'Waste Recycling': of('Waste Management'),
  'Waste Reduction': of('Waste Management'),
}

/**
 * Durable removals: carbon stored for centuries or more, as the removal registries (Isometric, Puro.earth) certify
 * it. Berkeley's release holds only a few of these (Biochar, BECCS, Direct Air Capture), so the rest are types of
 * their own here, one spelling each. Biochar keeps the scope Berkeley files it under, so one type has one scope
 * across the catalogue; the others are Berkeley's "Engineered Removal". Bio-oil storage is apart from biomass
 * burial because it is priced apart (pricing/bands.ts).
 */
export const durableRemovalTypes: Record<string, CredenceType> = {
  Biochar: of('Waste Management', 'long_duration_removal'),
  'Direct Air Capture': of('Engineered Removal', 'long_duration_removal'),
  'Enhanced Rock Weathering': of('Engineered Removal', 'long_duration_removal'),
  'Ocean Alkalinity Enhancement': of('Engineered Removal', 'long_duration_removal'),
  'Biomass Burial': of('Engineered Removal', 'long_duration_removal'),
  'Bio-oil Geological Storage': of('Engineered Removal', 'long_duration_removal'),
  BECCS: of('Engineered Removal', 'long_duration_removal'),
  Mineralization: of('Engineered Removal', 'long_duration_removal'),
}

/** A listing no rule maps: its own words are kept in `type_as_published`, and the run counts it. */
export const unknownType = 'Unknown'

/** Every type the catalogue may hold, by its one spelling. */
export const credenceTypes: Readonly<Record<string, CredenceType>> = { ...berkeleyTypes, ...durableRemovalTypes }

/** Two spellings of one type ("Solar - centralized", "solar centralized") share this identity. */
export const typeIdentity = (type: string) => type.toLowerCase().replace(/&/g, 'and').replace(/[^\p{L}\p{N}+]+/gu, '')

const byIdentity = new Map(Object.keys(credenceTypes).map((type) => [typeIdentity(type), type]))

/** The Credence type a text spells, whatever its case or punctuation; undefined when it is none. */
export function credenceTypeNamed(text: string): string | undefined {
  return byIdentity.get(typeIdentity(text))
}

/** Whether a type is in Credence's vocabulary (`Unknown` included: the word for what no rule maps). */
export const isVocabularyType = (type: string) => type === unknownType || Object.hasOwn(credenceTypes, type)
