import type { CitationId } from '../core/citations'

/** A value a published finding supports for one signal of one kind of project (0 high risk, 1 low risk). */
export interface Finding {
  value: number
  /** The finding in a few words, quoted in the signal's evidence note. */
  says: string
  citations: readonly CitationId[]
}

/**
 * A kind of project the evidence speaks about, recognised from its type exactly as the catalogue spells it
 * (one spelling per type since import). A signal a kind has no finding for is not guessed from the kind: the
 * rules fall back to other facts, or leave it missing, and a missing signal counts as unknown risk.
 */
export interface ProjectKind {
  name: string
  /**
   * The types the kind takes in, exactly: Berkeley's spelling first, then the generated catalogue's where it
   * differs. A name pattern once took "Refrigerant Leak Detection" for methane leak repair; a list cannot.
   */
  types: readonly string[]
  additionality?: Finding
  over_crediting?: Finding
  leakage?: Finding
}

const gridRenewableAdditionality: Finding = {
  value: 0.15,
  says: 'grid-connected renewables fail the CCP additionality test (ICVCM 2024a) and were found unlikely to be additional (Cames et al. 2016)',
  citations: ['icvcm-2024-renewables', 'cames-2016'],
}
/**
 * The ICVCM's decision of August 2024 covers the renewable-energy methodologies as a whole: grid-connected power, and
 * biomass power and heat, and geothermal heat. Berkeley's Biomass projects are mostly heat (Brazil's ceramic kilns
 * switching fuel), which "grid-connected renewables" misnamed.
 */
const renewableEnergyAdditionality: Finding = {
  value: 0.15,
  says: 'renewable power and heat (grid-connected renewables, biomass power and heat, geothermal heat) fail the CCP additionality test (ICVCM 2024a) and were found unlikely to be additional (Cames et al. 2016)',
  citations: ['icvcm-2024-renewables', 'cames-2016'],
}
const ccpDestruction: Finding = {
  value: 0.8,
  says: 'the destruction of this gas is metered and its methodologies are CCP-approved (ICVCM 2024b)',
  citations: ['icvcm-2024-ccp', 'cames-2016'],
}
const forestMarketLeakage: Finding = {
  value: 0.4,
  says: 'protecting or not harvesting forest displaces harvest and clearing to other land (Filewod & McCarney 2023)',
  citations: ['filewod-mccarney-2023'],
}

/** A type belongs to one kind at most (a test holds the list of every type each kind reaches). */
export const projectKinds: readonly ProjectKind[] = [
  {
    name: 'Cookstoves',
    types: ['Cookstoves'],
    additionality: {
      value: 0.55,
      says: 'some clean-cooking methodologies meet the CCP additionality test, under conditions (ICVCM 2024b)',
      citations: ['icvcm-2024-ccp'],
    },
    over_crediting: {
      value: 0.11,
      says: 'cookstoves: 11% of credits real reductions in a systematic review (Probst et al. 2024); methodologies over-credit about tenfold (Gill-Wiehl et al. 2024)',
      citations: ['probst-2024', 'gill-wiehl-2024'],
    },
  },
  {
    name: 'Wind',
    types: ['Wind'],
    additionality: gridRenewableAdditionality,
    over_crediting: {
      value: 0.05,
      says: 'wind power: no statistically significant reductions in a systematic review (Probst et al. 2024)',
      citations: ['probst-2024'],
    },
  },
  {
    name: 'Renewable power and heat',
    types: ['Hydropower', 'Solar - Centralized', 'Geothermal', 'Biomass', 'RE Bundled'],
    additionality: renewableEnergyAdditionality,
    over_crediting: {
      value: 0.2,
      says: 'credits from renewable power and heat that fail the additionality test are not real reductions (ICVCM 2024a; Cames et al. 2016)',
      citations: ['icvcm-2024-renewables', 'cames-2016'],
    },
  },
  {
    name: 'Jurisdictional REDD+',
    types: ['Jurisdictional REDD+'],
    leakage: {
      value: 0.7,
      says: 'jurisdiction-wide accounting captures displacement inside the jurisdiction (Filewod & McCarney 2023)',
      citations: ['filewod-mccarney-2023'],
    },
  },
  {
    name: 'Avoided deforestation (REDD+)',
    types: ['REDD+', 'Avoided Forest Conversion'],
    additionality: {
      value: 0.25,
      says: 'REDD+: about 6% of credits linked to additional forest conservation (West et al. 2023)',
      citations: ['west-2023'],
    },
    over_crediting: {
      value: 0.25,
      says: 'avoided deforestation: 25% of credits real reductions in a systematic review (Probst et al. 2024); 6% in a study of 18 projects (West et al. 2023)',
      citations: ['probst-2024', 'west-2023'],
    },
    leakage: { ...forestMarketLeakage, value: 0.35 },
  },
  {
    name: 'Improved forest management',
    types: ['Improved Forest Management'],
    additionality: {
      value: 0.3,
      says: 'improved forest management: no statistically significant reductions in a systematic review (Probst et al. 2024)',
      citations: ['probst-2024'],
    },
    over_crediting: {
      value: 0.1,
      says: 'improved forest management: no statistically significant reductions (Probst et al. 2024); regional-average baselines over-credit (Badgley et al. 2022)',
      citations: ['probst-2024', 'badgley-2022'],
    },
    leakage: forestMarketLeakage,
  },
  {
    name: 'Forest and land restoration',
    types: ['Afforestation/Reforestation', 'Wetland Restoration', 'Sustainable Grassland Management'],
    leakage: {
      value: 0.65,
      says: 'restoration can displace grazing or farming to other land (Filewod & McCarney 2023)',
      citations: ['filewod-mccarney-2023'],
    },
  },
  {
    name: 'Landfill gas',
    types: ['Landfill Methane'],
    additionality: ccpDestruction,
    over_crediting: { ...ccpDestruction, value: 0.75 },
  },
  {
    name: 'Ozone-depleting substances destruction',
    types: ['Ozone Depleting Substances Recovery & Destruction'],
    additionality: ccpDestruction,
    over_crediting: { ...ccpDestruction, value: 0.75 },
  },
  {
    name: 'Methane leak repair',
    types: ['Leak Detection & Repair in Gas Systems', 'Plugging Oil & Gas Wells'],
    additionality: ccpDestruction,
    over_crediting: { ...ccpDestruction, value: 0.7 },
  },
  {
    name: 'Adipic acid N2O',
    types: ['N2O Destruction in Adipic Acid Production'],
    additionality: ccpDestruction,
    over_crediting: { ...ccpDestruction, value: 0.75 },
  },
  {
    name: 'HFC-23 destruction',
    types: ['HFC23 Destruction'],
    additionality: {
      value: 0.2,
      says: 'HFC-23 crediting rewarded producing more of the waste gas (Schneider & Kollmuss 2015)',
      citations: ['schneider-kollmuss-2015'],
    },
    over_crediting: {
      value: 0.68,
      says: 'HFC-23 abatement: 68% of credits real reductions in a systematic review (Probst et al. 2024)',
      citations: ['probst-2024'],
    },
  },
  {
    name: 'SF6',
    types: ['SF6 Replacement'],
    additionality: {
      value: 0.3,
      says: 'SF6 crediting rewarded raising waste-gas generation (Schneider & Kollmuss 2015)',
      citations: ['schneider-kollmuss-2015'],
    },
    over_crediting: {
      value: 0.16,
      says: 'SF6 destruction: 16% of credits real reductions in a systematic review (Probst et al. 2024)',
      citations: ['probst-2024'],
    },
  },
]

const kindByType = new Map(projectKinds.flatMap((kind) => kind.types.map((type) => [type, kind] as const)))

export function kindOf(type: string): ProjectKind | undefined {
  return kindByType.get(type.trim())
}

/**
 * The lowest value any published finding gives a signal: what a missing finding counts as, so that not
 * knowing never rates better than the worst that is known.
 */
export function lowestFinding(key: 'additionality' | 'over_crediting' | 'leakage'): number {
  return Math.min(...projectKinds.flatMap((kind) => (kind[key] ? [kind[key].value] : [])))
}
