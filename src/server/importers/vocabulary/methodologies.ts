/**
 * Methodologies and protocols that name one Credence type, each with where the mapping comes from: the
 * methodology's own title (as its standard publishes it), or, where the title covers several activities, how
 * Berkeley's release types the projects that use it. A methodology whose projects are of several types (ACM0002
 * "Grid-connected electricity generation from renewable sources": wind, hydro and solar alike) has no row: the
 * registry's own type words decide, or nothing does and the listing is counted unmapped.
 */
export interface MethodologyRow {
  type: string
  /** Codes as the standard writes them (`VM0047`, `AMS-III.H.`); matched with or without the final dot. */
  identifiers?: readonly string[]
  /** Titles of protocols that have no code, matched inside the registry's wording whatever its case. */
  titles?: readonly string[]
  /** Isometric's protocol slugs, matched exactly. */
  slugs?: readonly string[]
  source: string
}

const verra = (code: string, title: string) => `Verra, ${code} ${title}`
const cdm = (code: string, title: string) => `UNFCCC Clean Development Mechanism, ${code} ${title}`
const isometric = (slug: string, title: string) => `Isometric, protocol "${title}" (${slug}), registry.isometric.com`

export const methodologyRows: readonly MethodologyRow[] = [
  // Verra's own methodologies (VCS Program).
  { type: 'Improved Forest Management', identifiers: ['VM0003'], source: verra('VM0003', 'Methodology for Improved Forest Management through Extension of Rotation Age') },
  { type: 'REDD+', identifiers: ['VM0006'], source: verra('VM0006', 'Methodology for Carbon Accounting for Mosaic and Landscape-scale REDD Projects') },
  { type: 'REDD+', identifiers: ['VM0007'], source: verra('VM0007', 'REDD+ Methodology Framework (REDD-MF)') },
  { type: 'Weatherization', identifiers: ['VM0008'], source: verra('VM0008', 'Weatherization of Single-Family and Multi-Family Buildings') },
  { type: 'REDD+', identifiers: ['VM0009'], source: verra('VM0009', 'Methodology for Avoided Ecosystem Conversion') },
  { type: 'Improved Forest Management', identifiers: ['VM0010'], source: verra('VM0010', 'Methodology for Improved Forest Management: Conversion from Logged to Protected Forest') },
  { type: 'Improved Forest Management', identifiers: ['VM0012'], source: verra('VM0012', 'Improved Forest Management in Temperate and Boreal Forests (LtPF)') },
  { type: 'REDD+', identifiers: ['VM0015'], source: verra('VM0015', 'Methodology for Avoided Unplanned Deforestation') },
  { type: 'Sustainable Agriculture', identifiers: ['VM0017'], source: verra('VM0017', 'Adoption of Sustainable Agricultural Land Management') },
  { type: 'Nitrogen Management', identifiers: ['VM0022'], source: verra('VM0022', 'Quantifying N2O Emissions Reductions in Agricultural Crops through Nitrogen Fertilizer Rate Reduction') },
  { type: 'Wetland Restoration', identifiers: ['VM0024'], source: verra('VM0024', 'Methodology for Coastal Wetland Creation') },
  { type: 'University Campus Emission Reductions', identifiers: ['VM0025'], source: verra('VM0025', 'Campus Clean Energy and Energy Efficiency') },
  { type: 'Sustainable Grassland Management', identifiers: ['VM0026', 'VM0032'], source: verra('VM0026 and VM0032', 'Sustainable Grassland Management; Adoption of Sustainable Grasslands through Adjustment of Fire and Grazing') },
  { type: 'Wetland Restoration', identifiers: ['VM0033'], source: verra('VM0033', 'Methodology for Tidal Wetland and Seagrass Restoration') },
  { type: 'Improved Forest Management', identifiers: ['VM0034', 'VM0035'], source: verra('VM0034 and VM0035', 'Canadian Forest Carbon Offset Methodology; Improved Forest Management through Reduced Impact Logging') },
  { type: 'REDD+', identifiers: ['VM0037'], source: verra('VM0037', 'Implementation of REDD+ Activities in Landscapes Affected by Mosaic Deforestation and Degradation') },
  { type: 'Electric Vehicles & Charging', identifiers: ['VM0038'], source: verra('VM0038', 'Methodology for Electric Vehicle Charging Systems') },
  { type: 'Carbon Capture in Plastic', identifiers: ['VM0040'], source: verra('VM0040', 'Methodology for Greenhouse Gas Capture and Utilization in Plastic Materials') },
  { type: 'Feed Additives', identifiers: ['VM0041'], source: verra('VM0041', 'Reduction of Enteric Methane Emissions from Ruminants through the Use of Feed Ingredients') },
  { type: 'Sustainable Agriculture', identifiers: ['VM0042'], source: verra('VM0042', 'Methodology for Improved Agricultural Land Management') },
  { type: 'Carbon Capture in Concrete', identifiers: ['VM0043'], source: verra('VM0043', 'Methodology for CO2 Utilization in Concrete Production') },
  { type: 'Biochar', identifiers: ['VM0044'], source: verra('VM0044', 'Methodology for Biochar Utilization in Soil and Non-Soil Applications') },
  { type: 'Improved Forest Management', identifiers: ['VM0045'], source: verra('VM0045', 'Improved Forest Management Using Dynamic Matched Baselines from National Forest Inventories') },
  { type: 'Afforestation/Reforestation', identifiers: ['VM0047'], source: verra('VM0047', 'Afforestation, Reforestation, and Revegetation') },
  { type: 'REDD+', identifiers: ['VM0048'], source: verra('VM0048', 'Reducing Emissions from Deforestation and Forest Degradation') },
  { type: 'Cookstoves', identifiers: ['VM0050'], source: verra('VM0050', 'Energy Efficiency and Fuel-Switch Measures in Cookstoves') },
  { type: 'Rice Emission Reductions', identifiers: ['VM0051'], source: verra('VM0051', 'Improved Management in Rice Production Systems') },
  { type: 'Cookstoves', identifiers: ['VMR0006'], source: `${verra('VMR0006', 'Energy Efficiency and Fuel Switch Measures in Thermal Applications')}; Berkeley types 227 of its 229 projects Cookstoves` },
  { type: 'Electric Vehicles & Charging', identifiers: ['VMR0014'], source: verra('VMR0014', 'Electric and Hybrid Vehicles and Mobile Machinery') },
  // The Clean Development Mechanism's methodologies, used by Verra, Gold Standard and Cercarbono.
  { type: 'Landfill Methane', identifiers: ['ACM0001', 'AMS-III.G.'], source: cdm('ACM0001 and AMS-III.G.', 'Flaring or use of landfill gas; Landfill methane recovery') },
  { type: 'Biomass', identifiers: ['ACM0006', 'ACM0018'], source: cdm('ACM0006 and ACM0018', 'Electricity and heat generation from biomass; Electricity generation from biomass in power-only plants') },
  { type: 'Mine Methane Capture', identifiers: ['ACM0008'], source: cdm('ACM0008', 'Abatement of methane from coal mines') },
  { type: 'Manure Methane Digester', identifiers: ['ACM0010', 'AM0073', 'AMS-III.D.'], source: cdm('ACM0010, AM0073 and AMS-III.D.', 'GHG emission reductions from manure management systems; multi-site manure collection and treatment; Methane recovery in animal manure management systems') },
  { type: 'Methane Recovery in Wastewater', identifiers: ['ACM0014', 'AMS-III.H.'], source: cdm('ACM0014 and AMS-III.H.', 'Treatment of wastewater; Methane recovery in wastewater treatment') },
  { type: 'Leak Detection & Repair in Gas Systems', identifiers: ['AM0023'], source: cdm('AM0023', 'Leak detection and repair in gas production, processing, transmission, storage and distribution systems') },
  { type: 'Natural Gas Electricity Generation', identifiers: ['AM0029'], source: cdm('AM0029', 'Grid Connected Electricity Generation Plants using Natural Gas') },
  { type: 'Aluminum Smelters Emission Reductions', identifiers: ['AM0030'], source: cdm('AM0030', 'PFC emission reductions from anode effect mitigation at primary aluminium smelting facilities') },
  { type: 'Geothermal', identifiers: ['AM0072'], source: cdm('AM0072', 'Fossil fuel displacement by geothermal resources for space heating') },
  { type: 'Solar Water Heaters', identifiers: ['AMS-I.J.'], source: cdm('AMS-I.J.', 'Solar water heating systems (SWH)') },
  { type: 'Cookstoves', identifiers: ['AMS-II.G.'], source: cdm('AMS-II.G.', 'Energy efficiency measures in thermal applications of non-renewable biomass') },
  { type: 'Lighting', identifiers: ['AMS-II.J.'], source: cdm('AMS-II.J.', 'Demand-side activities for efficient lighting technologies') },
  { type: 'Electric Vehicles & Charging', identifiers: ['AMS-III.C.'], source: cdm('AMS-III.C.', 'Emission reductions by electric and hybrid vehicles') },
  { type: 'Composting', identifiers: ['AMS-III.F.'], source: cdm('AMS-III.F.', 'Avoidance of methane emissions through composting') },
  { type: 'Waste Heat Recovery', identifiers: ['AMS-III.Q.'], source: cdm('AMS-III.Q.', 'Waste energy recovery') },
  { type: 'Solid Waste Separation', identifiers: ['AMS-III.Y.'], source: cdm('AMS-III.Y.', 'Methane avoidance through separation of solids from wastewater or manure treatment systems') },
  { type: 'Brick Manufacturing Emission Reductions', identifiers: ['AMS-III.Z.'], source: cdm('AMS-III.Z.', 'Fuel switch, process improvement and energy efficiency in brick manufacture') },
  { type: 'Waste Recycling', identifiers: ['AMS-III.AJ.'], source: cdm('AMS-III.AJ.', 'Recovery and recycling of materials from solid wastes') },
  { type: 'Solar Lighting', identifiers: ['AMS-III.AR.'], source: cdm('AMS-III.AR.', 'Substituting fossil fuel based lighting with LED/CFL lighting systems') },
  { type: 'Rice Emission Reductions', identifiers: ['AMS-III.AU.'], source: cdm('AMS-III.AU.', 'Methane emission reduction by adjusted water management practice in rice cultivation') },
  { type: 'Clean Water', identifiers: ['AMS-III.AV.'], source: cdm('AMS-III.AV.', 'Low greenhouse gas emitting safe drinking water production systems') },
  {
    type: 'Afforestation/Reforestation',
    identifiers: ['AR-ACM0001', 'AR-ACM0003', 'AR-AMS0001', 'AR-AMS0007'],
    source: cdm('AR-ACM0001, AR-ACM0003, AR-AMS0001 and AR-AMS0007', 'Afforestation and reforestation of degraded land / of lands except wetlands / on grasslands or croplands / on lands other than wetlands'),
  },
  { type: 'Wetland Restoration', identifiers: ['AR-AM0014', 'AR-AMS0003'], source: cdm('AR-AM0014 and AR-AMS0003', 'Afforestation and reforestation of degraded mangrove habitats; on wetlands') },
  // Gold Standard's own methodologies, by title.
  {
    type: 'Cookstoves',
    titles: ['Simplified Methodology for Clean and Efficient Cookstoves', 'Methodology for Metered and Measured Energy Cooking Devices', 'Methodology for Improved Cookstoves and Kitchen Regimes'],
    source: 'Gold Standard, its cookstove methodologies (Simplified Methodology for Clean and Efficient Cookstoves; Metered and Measured Energy Cooking Devices; Improved Cookstoves and Kitchen Regimes)',
  },
  { type: 'Clean Water', titles: ['Methodology for emission reductions from safe drinking water supply'], source: 'Gold Standard, Methodology for Emission Reductions from Safe Drinking Water Supply' },
  { type: 'Afforestation/Reforestation', titles: ['Afforestation/Reforestation GHG Emissions Reduction and Sequestration'], source: 'Gold Standard, Methodology for Afforestation/Reforestation GHG Emissions Reduction and Sequestration' },
  { type: 'Shipping', titles: ['Retrofit Energy Efficiency Measures in Shipping'], source: 'Gold Standard, Retrofit Energy Efficiency Measures in Shipping' },
  // ACR's methodologies, as ACR words them (Berkeley's file prefixes them with "ACR").
  {
    type: 'Improved Forest Management',
    titles: ['Improved Forest Management (IFM) on Non-Federal U.S. Forestlands', 'Improved Forest Management (IFM) on Canadian Forestlands'],
    source: 'ACR, Improved Forest Management (IFM) on Non-Federal U.S. Forestlands; on Canadian Forestlands',
  },
  { type: 'HFC Refrigerant Reclamation', titles: ['Certified Reclaimed HFC Refrigerants, Propellants, and Fire Suppressants'], source: 'ACR, Certified Reclaimed HFC Refrigerants, Propellants, and Fire Suppressants' },
  {
    type: 'Ozone Depleting Substances Recovery & Destruction',
    titles: [
      'Destruction of Ozone Depleting Substances (ODS) from International Sources',
      'Destruction of Ozone Depleting Substances from International Sources',
      'Destruction of Ozone Depleting Substances (ODS) and High-Global Warming Potential (GWP) Foam',
      'Destruction of Ozone Depleting Substances and High-GWP Foam',
      'Compliance Offset Protocol: Destruction of U.S. Ozone Depleting Substances Banks',
      'Compliance Offset Protocol: Ozone Depleting Substances Projects',
    ],
    source: "ACR, Destruction of Ozone Depleting Substances from International Sources; and High-GWP Foam; California ARB's and Washington Ecology's Compliance Offset Protocols for ozone depleting substances",
  },
  { type: 'HFC Replacement in Foam Production', titles: ['Transition to Advanced Formulation Blowing Agents in Foam Manufacturing and Use'], source: 'ACR, Transition to Advanced Formulation Blowing Agents in Foam Manufacturing and Use' },
  { type: 'Advanced Refrigerants', titles: ['Advanced Refrigeration Systems'], source: 'ACR, Advanced Refrigeration Systems' },
  { type: 'Plugging Oil & Gas Wells', titles: ['Plugging of Orphaned Oil and Gas (OOG) Wells', 'Plugging of Orphaned Oil and Gas Wells'], source: 'ACR, Plugging of Orphaned Oil and Gas (OOG) Wells' },
  { type: 'Landfill Methane', titles: ['Landfill Gas Destruction and Beneficial Use Projects', 'Landfill Protocol'], source: 'ACR, Landfill Gas Destruction and Beneficial Use Projects; Climate Action Reserve, U.S. Landfill Protocol' },
  // California ARB's compliance protocols and the Climate Action Reserve's own, by title.
  { type: 'Manure Methane Digester', titles: ['Capturing and Destroying Methane from Manure Management Systems', 'Livestock Protocol'], source: 'California ARB, Compliance Offset Protocol: Livestock Projects; Climate Action Reserve, U.S. Livestock Protocol' },
  { type: 'Mine Methane Capture', titles: ['Compliance Offset Protocol: Mine Methane Capture Projects'], source: 'California ARB, Compliance Offset Protocol: Mine Methane Capture Projects' },
  { type: 'Avoided Grassland Conversion', titles: ['Grassland Protocol'], source: 'Climate Action Reserve, U.S. Grassland Protocol' },
  { type: 'N2O Destruction in Nitric Acid Production', titles: ['Nitric Acid Production Protocol'], source: 'Climate Action Reserve, U.S. Nitric Acid Production Protocol' },
  { type: 'Composting', titles: ['Organic Waste Composting Protocol'], source: 'Climate Action Reserve, U.S. Organic Waste Composting Protocol' },
  { type: 'Biochar', titles: ['Biochar Protocol'], source: 'Climate Action Reserve, U.S. and Canada Biochar Protocol' },
  { type: 'Sustainable Agriculture', titles: ['Soil Enrichment Protocol'], source: 'Climate Action Reserve, Soil Enrichment Protocol' },
  { type: 'Improved Forest Management', titles: ['Mexico Forest Protocol'], source: 'Climate Action Reserve, Mexico Forest Protocol; Berkeley types 419 of its 423 projects Improved Forest Management' },
  // Jurisdictional programmes credited by ART and the World Bank's FCPF.
  {
    type: 'Jurisdictional REDD+',
    titles: ['The REDD+ Environmental Excellence Standard', 'Carbon Fund Methodological Framework'],
    source: "ART, The REDD+ Environmental Excellence Standard (TREES); FCPF, Carbon Fund Methodological Framework: both credit whole jurisdictions' forests (every ART programme in Berkeley's release is Jurisdictional REDD+)",
  },
  // Cercarbono's own methodologies.
  { type: 'Afforestation/Reforestation', identifiers: ['M/UT/F-A01'], source: 'Cercarbono, M/UT/F-A01 Methodology To Implement GHG Removal Projects Through Reforestation, Forest Restoration and the Establishment of Woody Crops' },
  { type: 'REDD+', identifiers: ['M/LU-REDD+'], source: 'Cercarbono, M/LU-REDD+ Methodology for the Implementation of REDD+ Projects Consistent with National Reference Levels' },
  // Isometric's protocols, by the slug its export gives.
  { type: 'Biochar', slugs: ['biochar'], source: isometric('biochar', 'Biochar Production and Storage') },
  { type: 'Enhanced Rock Weathering', slugs: ['enhanced-weathering-agriculture'], source: isometric('enhanced-weathering-agriculture', 'Enhanced Weathering in Agriculture') },
  { type: 'Afforestation/Reforestation', slugs: ['reforestation'], source: isometric('reforestation', 'Reforestation') },
  { type: 'Bio-oil Geological Storage', slugs: ['bio-oil-geological-storage'], source: isometric('bio-oil-geological-storage', 'Bio-oil Geological Storage') },
  { type: 'Direct Air Capture', slugs: ['direct-air-capture'], source: isometric('direct-air-capture', 'Direct Air Capture') },
  { type: 'Biomass Burial', slugs: ['subsurface-biomass', 'biomass-geological-storage'], source: `${isometric('subsurface-biomass', 'Subsurface Biomass Carbon Removal and Storage')}; ${isometric('biomass-geological-storage', 'Biomass Geological Storage')}` },
  {
    type: 'Ocean Alkalinity Enhancement',
    slugs: ['ocean-alkalinity-enhancement', 'wastewater-alkalinity-enhancement', 'river-alkalinity-enhancement'],
    source: `${isometric('ocean-alkalinity-enhancement', 'Ocean Alkalinity Enhancement')}, and its wastewater and river variants: all store carbon as ocean bicarbonate`,
  },
  { type: 'BECCS', slugs: ['biogenic-capture-and-storage'], source: isometric('biogenic-capture-and-storage', 'Biogenic Carbon Capture and Storage') },
]
