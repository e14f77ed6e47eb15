/**
 * A listing's own name, read last, where its methodology covers several types and its registry's type words do too:
 * only within such a methodology or such type words, only by words that name one of its types, and only where
 * Berkeley's release types nearly every project so named and so credited that way (counted in its v2025-12 file;
 * the rule's `source` says how many). A name that also names another of the types ("Wind and Solar") decides nothing.
 */
export interface NameWordsRow {
  type: string
  /** The methodology code (`ACM0002`) or the registry's type words (`Energy Efficiency - Domestic`) it reads within. */
  within: { methodology: string } | { typeWords: string }
  /** Words of the name that say the type. */
  says: RegExp
  /** Words that name another type the methodology or type words cover: with any of them, the name decides nothing. */
  unless: RegExp
  source: string
}

const solar = /\bsolar\b|photovoltaic|fotovolt|\bPV\b/i
const wind = /\bwind/i
// Cercarbono lists Colombia's dams in Spanish ("Proyecto Hidroeléctrico El Quimbo"); Portuguese writes "hidrelétrica".
const hydro = /hydro|hidro-?el|hidrel/i
const cooking = /cookstoves?|cook stoves?|\bcooking\b|\bstoves?\b/i
const water = /\bwater\b|borehole/i
const either = (...words: RegExp[]) => new RegExp(words.map((w) => w.source).join('|'), 'i')

export const nameWordRows: readonly NameWordsRow[] = [
  // ACM0002, "Grid-connected electricity generation from renewable sources", credits wind, hydro and solar alike.
  { type: 'Solar - Centralized', within: { methodology: 'ACM0002' }, says: solar, unless: either(wind, hydro), source: "Berkeley's v2025-12: 226 of the 228 ACM0002 projects named solar, photovoltaic or PV (and not wind or hydro) are Solar - Centralized" },
  { type: 'Wind', within: { methodology: 'ACM0002' }, says: wind, unless: either(solar, hydro), source: "Berkeley's v2025-12: 634 of the 635 ACM0002 projects named wind (and not solar, PV or hydro) are Wind" },
  { type: 'Hydropower', within: { methodology: 'ACM0002' }, says: hydro, unless: either(solar, wind), source: "Berkeley's v2025-12: 257 of the 257 ACM0002 projects named hydro (and not solar, PV or wind) are Hydropower" },
  // AMS-I.D., its small-scale twin, likewise; its solar projects are centralised and distributed both (70 and 4 of 77
  // named so, 3 more spelt "Solar - centralized"): too few agree for a rule.
  { type: 'Wind', within: { methodology: 'AMS-I.D' }, says: wind, unless: either(solar, hydro), source: "Berkeley's v2025-12: 242 of the 243 AMS-I.D. projects named wind (and not solar, PV or hydro) are Wind" },
  { type: 'Hydropower', within: { methodology: 'AMS-I.D' }, says: hydro, unless: either(solar, wind), source: "Berkeley's v2025-12: 188 of the 188 AMS-I.D. projects named hydro (and not solar, PV or wind) are Hydropower" },
  // Gold Standard's "Energy Efficiency - Domestic" lists cookstoves, water filters and boreholes alike; names of water
  // are Clean Water and Community Boreholes both in Berkeley's release, and decide nothing.
  { type: 'Cookstoves', within: { typeWords: 'Energy Efficiency - Domestic' }, says: cooking, unless: water, source: "Berkeley's v2025-12: 925 of the 932 projects Gold Standard types Energy Efficiency - Domestic whose names speak of cookstoves, stoves or cooking (and not of water or boreholes) are Cookstoves" },
  // Narrower than "water", a filter, LifeStraw or purifying names the household water treatment Berkeley calls Clean
  // Water; "safe water" names boreholes too (93 of Berkeley's), so it decides nothing.
  { type: 'Clean Water', within: { typeWords: 'Energy Efficiency - Domestic' }, says: /water filter|lifestraw|purif/i, unless: /borehole|cook|stove/i, source: "Berkeley's v2025-12: 50 of the 51 projects Gold Standard types Energy Efficiency - Domestic whose names speak of water filters, LifeStraw or purifying (and not of boreholes, cooking or stoves) are Clean Water" },
  // Verra's sector "Waste handling and disposal" holds landfills, composting, wastewater and manure alike.
  { type: 'Landfill Methane', within: { typeWords: 'Waste handling and disposal' }, says: /landfill/i, unless: /compost|waste ?water|manure|digester/i, source: "Berkeley's v2025-12: 172 of the 173 projects Verra types Waste handling and disposal (alone or among its sectors) whose names speak of landfills (and not of composting, wastewater, manure or digesters) are Landfill Methane" },
  // Gold Standard's "Other" holds rice, mining, carbon farming and more; a name of rice is rice's (a husk is biomass's).
  { type: 'Rice Emission Reductions', within: { typeWords: 'Other' }, says: /\brice\b/i, unless: /\bhusks?\b/i, source: "Berkeley's v2025-12: 53 of the 53 projects Gold Standard types Other whose names speak of rice are Rice Emission Reductions" },
]
