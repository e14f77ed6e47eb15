/**
 * A registry's own type words that name one Credence type, read when no methodology decides. Every Credence type
 * name matches itself besides these. Words that cover several types (Verra's sectoral scopes such as
 * "Agriculture Forestry and Other Land Use", Gold Standard's "Energy Efficiency - Domestic", which lists both
 * cookstoves and water filters, ACR's "Forest Carbon") have no row: such a listing is counted unmapped.
 */
export interface TypeWordsRow {
  type: string
  words: readonly string[]
  source: string
}

export const typeWordRows: readonly TypeWordsRow[] = [
  { type: 'Afforestation/Reforestation', words: ['A/R', 'Reforestation', 'Afforestation', 'ARR'], source: "Gold Standard's and the Climate Action Reserve's type words; Isometric's pathway \"reforestation\"" },
  { type: 'Biodigesters', words: ['Biogas - Heat'], source: "Gold Standard's type for household biogas digesters (Berkeley's Biodigesters)" },
  { type: 'Energy Efficiency', words: ['Energy Efficiency - Industrial'], source: "Gold Standard's type for industrial energy efficiency (Berkeley's Energy Efficiency, Industrial & Commercial)" },
  { type: 'Ozone Depleting Substances Recovery & Destruction', words: ['Ozone Depleting Substances', 'Ozone Depleting Substances - U.S.', 'Ozone Depleting Substances - Article 5'], source: "ACR's and the Climate Action Reserve's project types for ODS destruction" },
  { type: 'Manure Methane Digester', words: ['Livestock', 'Livestock Gas Capture/Combustion'], source: "The Climate Action Reserve's livestock project types (its Livestock Protocols)" },
  { type: 'Landfill Methane', words: ['Landfill Gas Capture/Combustion', 'Landfill'], source: "The Climate Action Reserve's landfill project types (its Landfill Protocols)" },
  { type: 'Mine Methane Capture', words: ['Coal Mine Methane'], source: "The Climate Action Reserve's coal mine methane project type" },
  { type: 'Sustainable Agriculture', words: ['Soil Enrichment'], source: "The Climate Action Reserve's Soil Enrichment project type (Berkeley types its projects Sustainable Agriculture)" },
  { type: 'Improved Forest Management', words: ['Forestry - MX', 'IFM'], source: "The Climate Action Reserve's Mexico forestry type: Berkeley types 419 of the Mexico Forest Protocol's 423 projects Improved Forest Management" },
  { type: 'Rice Emission Reductions', words: ['Rice Cultivation'], source: "The Climate Action Reserve's rice cultivation project type" },
  { type: 'Composting', words: ['Organic Waste Composting'], source: "The Climate Action Reserve's composting project type" },
  { type: 'N2O Destruction in Nitric Acid Production', words: ['Nitric Acid Production'], source: "The Climate Action Reserve's nitric acid project type" },
  // The durable removals, as the removal registries and CDR.fyi word their pathways.
  { type: 'Biochar', words: ['Biochar Carbon Removal'], source: 'CDR.fyi method names; Puro.earth methodology names' },
  { type: 'Direct Air Capture', words: ['DAC', 'DACCS', 'Direct Air Carbon Capture and Storage'], source: "Isometric's pathway \"direct_air_capture\"; CDR.fyi method names" },
  { type: 'Enhanced Rock Weathering', words: ['Enhanced Weathering', 'ERW'], source: "Isometric's pathway \"enhanced_weathering\"; CDR.fyi method names" },
  { type: 'Ocean Alkalinity Enhancement', words: ['Ocean Alkalinity', 'OAE'], source: 'CDR.fyi method names' },
  { type: 'Biomass Burial', words: ['Biomass Direct Storage', 'Biomass Storage'], source: 'CDR.fyi method names' },
  { type: 'Bio-oil Geological Storage', words: ['Bio-oil', 'Bio-oil Sequestration', 'Bio-oil Injection'], source: 'CDR.fyi method names; Charm Industrial' },
  { type: 'BECCS', words: ['Bioenergy with Carbon Capture and Storage', 'Biogenic Carbon Capture and Storage'], source: 'IPCC AR6 glossary; Isometric protocol names' },
  { type: 'Mineralization', words: ['Mineralisation', 'Carbon Mineralization', 'CO2 Mineralization'], source: 'CDR.fyi method names' },
]
