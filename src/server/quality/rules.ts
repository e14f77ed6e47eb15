import type { QualitySignalKey } from '../../api/contract/projects'
import { labelNames } from '../../api/contract/vocabulary'
import type { NewQualitySignal } from '../db/schema'
import type { Rng } from '../data/random'
import { registrySourceFor } from '../data/sources-catalog'
import { registries } from '../data/taxonomy'

/** What the rules read of a project; both a generated row and one read back from the database fit. */
export interface RatedProject {
  id: string
  registry: string
  status: string
  type: string
  reduction_removal: string
  country: string
  state?: string | null
  methodology?: string | null
  vintage?: number | null
  issued: number | string
  buffer: number | string
  labels: readonly string[]
  sdgs: readonly number[]
}

export const ratingsModelSource = 'Credence ratings model v1 (simulated)'

type Evidence = (p: RatedProject) => string
type Risk = readonly [value: number, evidence: Evidence]

/**
 * Risk by kind of activity, from the literature raters cite. Values are 0 (high risk) to 1 (low risk); each
 * project then moves around its type's value by its own integrity and a little noise.
 */
interface ActivityRisk {
  additionality: Risk
  over_crediting: Risk
  leakage: Risk
  permanence: Risk
}

const avoided: Risk = [0.95, () => 'Avoided emissions cannot be reversed once achieved']
const noLeakage = (what: string): Risk => [0.92, () => `No material leakage pathway for ${what}`]

const gridRenewable = (what: string): ActivityRisk => ({
  additionality: [0.25, (p) => `Grid-connected ${what} in ${p.country} is usually financially viable without carbon revenue`],
  over_crediting: [0.68, (p) => `Combined-margin grid emission factor for ${p.country}; moderate risk of overstated displacement`],
  leakage: noLeakage('grid electricity'),
  permanence: avoided,
})

const methaneDestruction = (what: string): ActivityRisk => ({
  additionality: [0.72, () => `Captures ${what} methane beyond what local rules require`],
  over_crediting: [0.72, () => 'Destroyed methane is metered, but baseline emissions are modelled'],
  leakage: noLeakage('methane destruction'),
  permanence: avoided,
})

const householdDevice = (what: string): ActivityRisk => ({
  additionality: [0.6, (p) => `Low-income households in ${p.country} rarely buy ${what} without subsidy`],
  over_crediting: [0.45, () => `Default usage rates tend to overstate savings from ${what}`],
  leakage: noLeakage('household devices'),
  permanence: avoided,
})

const industrial = (what: string): ActivityRisk => ({
  additionality: [0.4, () => `${what} often pays for itself through lower energy costs`],
  over_crediting: [0.6, () => 'Baseline energy use is self-reported by the plant'],
  leakage: noLeakage('on-site industrial change'),
  permanence: avoided,
})

const forestPermanence = (base: number, hazard: string): Risk => [base, () => hazard]

const activityRisks: Record<string, ActivityRisk> = {
  Cookstoves: {
    additionality: [0.65, (p) => `Households in ${p.state ?? p.country} would rarely buy efficient stoves without subsidy`],
    over_crediting: [0.15, () => 'Cookstove methodologies over-credit about tenfold (Gill-Wiehl et al., 2024)'],
    leakage: [0.8, () => 'Saved fuelwood may be burned by households outside the project'],
    permanence: avoided,
  },
  'Clean Water': {
    additionality: [0.55, () => 'Free water treatment is unlikely without carbon finance'],
    over_crediting: [0.25, () => 'Suppressed-demand baseline assumes all water would otherwise be boiled'],
    leakage: noLeakage('water treatment'),
    permanence: avoided,
  },
  'Community Boreholes': {
    additionality: [0.5, () => 'Many rehabilitated boreholes had public funding before the project'],
    over_crediting: [0.25, () => 'Suppressed-demand baseline assumes all water would otherwise be boiled'],
    leakage: noLeakage('water supply'),
    permanence: avoided,
  },
  Biodigesters: householdDevice('biodigesters'),
  Lighting: householdDevice('efficient lighting'),
  'Energy Efficiency - Domestic': householdDevice('efficient appliances'),
  'Solar - Distributed': householdDevice('solar home systems'),
  Wind: gridRenewable('wind power'),
  Hydropower: gridRenewable('hydropower'),
  'Solar - Centralized': gridRenewable('utility-scale solar'),
  Geothermal: gridRenewable('geothermal power'),
  'Solar Water Heating': householdDevice('solar water heaters'),
  Biomass: {
    ...gridRenewable('biomass power'),
    additionality: [0.4, (p) => `Biomass power in ${p.country} often runs on residues that are cheap fuel anyway`],
  },
  'REDD+': {
    additionality: [0.55, (p) => `Protection of forest in ${p.state ?? p.country} may have happened under existing policy`],
    over_crediting: [0.2, () => 'Project-set deforestation baselines often overstate the threat (West et al., 2023)'],
    leakage: [0.35, () => 'Deforestation can shift to forest outside the project area'],
    permanence: forestPermanence(0.45, 'Protected forest remains exposed to fire and clearing; reversals draw on the pooled buffer'),
  },
  'Jurisdictional REDD+': {
    additionality: [0.65, (p) => `Jurisdiction-wide results in ${p.country} are measured against national forest data`],
    over_crediting: [0.55, () => 'Jurisdictional baselines from historical data are harder to inflate'],
    leakage: [0.75, () => 'Jurisdiction-scale accounting captures most in-country leakage'],
    permanence: forestPermanence(0.5, 'Forest across the jurisdiction can burn or be cleared; TREES holds a buffer'),
  },
  'Improved Forest Management': {
    additionality: [0.45, () => 'Deferred harvest on land that may not have been logged anyway'],
    over_crediting: [0.35, () => 'Common-practice baselines in forest protocols can over-credit (Badgley et al., 2022)'],
    leakage: [0.55, () => 'Reduced harvest may shift logging to other forests (market leakage)'],
    permanence: forestPermanence(0.42, 'Standing forest stock can burn or be harvested later'),
  },
  'Afforestation/Reforestation': {
    additionality: [0.75, (p) => `Planting on degraded land in ${p.state ?? p.country} is rarely profitable without carbon revenue`],
    over_crediting: [0.65, () => 'Growth models can overstate sequestration in young stands'],
    leakage: [0.7, () => 'Displaced grazing or farming may clear land elsewhere'],
    permanence: forestPermanence(0.35, 'Young plantations face fire, drought and pest losses'),
  },
  'Urban Forest': {
    additionality: [0.7, () => 'City tree planting beyond municipal budgets'],
    over_crediting: [0.6, () => 'Canopy growth is modelled from tree counts'],
    leakage: noLeakage('urban planting'),
    permanence: forestPermanence(0.4, 'Urban trees are lost to storms, disease and development'),
  },
  'Wetland Restoration': {
    additionality: [0.75, () => 'Wetland restoration has no revenue besides carbon'],
    over_crediting: [0.55, () => 'Soil carbon in restored wetlands is hard to measure'],
    leakage: [0.8, () => 'Little activity is displaced by restoring degraded wetland'],
    permanence: forestPermanence(0.45, 'Coastal carbon is exposed to storms and sea-level rise'),
  },
  'Avoided Grassland Conversion': {
    additionality: [0.55, () => 'Conversion threat depends on crop prices'],
    over_crediting: [0.5, () => 'Conversion baseline is modelled from regional trends'],
    leakage: [0.45, () => 'Cropland expansion may move to other grassland'],
    permanence: forestPermanence(0.55, 'Easements protect the grassland, but soil carbon is lost if it is ploughed later'),
  },
  'Manure Methane Digester': methaneDestruction('manure'),
  'Landfill Methane': {
    ...methaneDestruction('landfill gas'),
    over_crediting: [0.8, () => 'Destroyed landfill methane is metered directly'],
  },
  'Wastewater Methane': methaneDestruction('wastewater'),
  Composting: methaneDestruction('organic waste'),
  'Waste Diversion & Recycling': {
    ...industrial('Recycling'),
    additionality: [0.55, () => 'Recycling revenue alone rarely covers collection costs'],
  },
  'Rice Emission Reductions': {
    additionality: [0.55, () => 'Water-saving irrigation can pay for itself in dry years'],
    over_crediting: [0.45, () => 'Field methane is modelled from default factors, not measured'],
    leakage: [0.85, () => 'Rice output is largely unchanged by the practice'],
    permanence: [0.9, () => 'Farmers can revert to continuous flooding, but past reductions stand'],
  },
  'Sustainable Agriculture': {
    additionality: [0.5, () => 'Practice changes may have happened for yield alone'],
    over_crediting: [0.4, () => 'Soil carbon gains are modelled with wide uncertainty'],
    leakage: [0.6, () => 'Lower yields may shift production elsewhere'],
    permanence: [0.4, () => 'Soil carbon is lost if tillage resumes'],
  },
  'Nitrogen Management': {
    additionality: [0.5, () => 'Less fertiliser also saves farmers money'],
    over_crediting: [0.5, () => 'N2O emissions are modelled from fertiliser records'],
    leakage: [0.8, () => 'Yields are largely maintained'],
    permanence: avoided,
  },
  'ODS Destruction': {
    additionality: [0.85, () => 'Banked ozone-depleting substances are not required to be destroyed'],
    over_crediting: [0.75, () => 'Assumes all destroyed refrigerant would otherwise have leaked'],
    leakage: noLeakage('destruction of banked gases'),
    permanence: [0.98, () => 'Destroyed gases cannot be re-emitted'],
  },
  'Nitric Acid N2O Abatement': {
    additionality: [0.6, () => 'Catalysts add cost with no other revenue, unless regulation requires them'],
    over_crediting: [0.65, () => 'N2O is monitored continuously at the stack'],
    leakage: noLeakage('plant-level abatement'),
    permanence: avoided,
  },
  'HFC-23 Destruction': {
    additionality: [0.3, () => 'HFC-23 crediting rewarded producing more HCFC-22'],
    over_crediting: [0.4, () => 'Waste-gas generation rates were raised to earn credits'],
    leakage: noLeakage('plant-level abatement'),
    permanence: avoided,
  },
  'Refrigerant Reclamation': {
    additionality: [0.65, () => 'Reclaimed refrigerant displaces new production only where it is cheaper'],
    over_crediting: [0.6, () => 'Assumes each reclaimed kilogram displaces new production'],
    leakage: noLeakage('refrigerant reclamation'),
    permanence: avoided,
  },
  'SF6 Replacement': industrial('Replacing SF6'),
  'Mine Methane Capture': {
    additionality: [0.75, () => 'Mine methane is vented unless carbon revenue pays for capture'],
    over_crediting: [0.8, () => 'Methane destruction is metered'],
    leakage: noLeakage('mine methane destruction'),
    permanence: avoided,
  },
  'Energy Efficiency - Industrial': industrial('Industrial efficiency'),
  'Fuel Switching': industrial('Fuel switching'),
  'Waste Heat Recovery': industrial('Waste heat recovery'),
  'Oil & Gas Methane Reduction': {
    ...industrial('Leak repair'),
    additionality: [0.7, () => 'Plugging orphaned wells has no owner to pay for it'],
    over_crediting: [0.5, () => 'Pre-plugging leak rates are measured only briefly'],
  },
  'Transport Fleet Efficiency': {
    additionality: [0.45, () => 'Fuel savings often pay for fleet upgrades'],
    over_crediting: [0.5, () => 'Fleet baselines are uncertain'],
    leakage: [0.85, () => 'Little displacement of transport demand'],
    permanence: avoided,
  },
  'Electric Vehicles': {
    additionality: [0.45, (p) => `Electric two-wheelers are increasingly cost-competitive in ${p.country}`],
    over_crediting: [0.5, () => 'Displaced fuel use is estimated, not measured'],
    leakage: [0.85, () => 'Little displacement of transport demand'],
    permanence: avoided,
  },
  'Mass Transit': {
    additionality: [0.35, () => 'Public transit is usually built for policy reasons, not carbon revenue'],
    over_crediting: [0.45, () => 'Ridership shifted from cars is surveyed, not measured'],
    leakage: [0.85, () => 'Little displacement of transport demand'],
    permanence: avoided,
  },
  'Carbon Capture & Storage': {
    additionality: [0.55, () => 'Capture is often paid for by enhanced oil recovery'],
    over_crediting: [0.7, () => 'Injected CO2 is metered'],
    leakage: [0.85, () => 'Little activity is displaced'],
    permanence: [0.95, () => 'Geological storage in monitored reservoirs: reversal risk is very low'],
  },
  Biochar: {
    additionality: [0.9, () => 'Biochar removal earns no revenue without carbon credits'],
    over_crediting: [0.75, () => 'Carbon content is measured; its 100-year durability is modelled'],
    leakage: [0.8, () => 'Feedstock may be diverted from other uses'],
    permanence: [0.8, () => 'Most biochar carbon persists for centuries; a share decays within 100 years'],
  },
  'Direct Air Capture': {
    additionality: [0.95, () => 'Direct air capture has no revenue besides removal credits'],
    over_crediting: [0.9, () => 'Captured tonnes are metered, net of the energy used'],
    leakage: noLeakage('direct air capture'),
    permanence: [0.98, () => 'CO2 stored geologically or mineralised: reversal risk is negligible'],
  },
  'Enhanced Rock Weathering': {
    additionality: [0.9, () => 'Spreading rock for carbon removal has no other revenue'],
    over_crediting: [0.5, () => 'Weathering rates in field soils are uncertain and hard to measure'],
    leakage: noLeakage('rock spreading'),
    permanence: [0.95, () => 'Carbon held as bicarbonate and carbonate is stable for millennia'],
  },
}

const fallbackRisk: ActivityRisk = {
  additionality: [0.5, () => 'Additionality rests on the standard investment test'],
  over_crediting: [0.55, () => 'Baseline follows the registry methodology'],
  leakage: [0.85, () => 'No material leakage pathway identified'],
  permanence: avoided,
}

function clamp(value: number): number {
  return Math.round(Math.min(0.98, Math.max(0.02, value)) * 100) / 100
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function registryName(registry: string): string {
  return registries.find((r) => r.code === registry)?.name ?? registry
}

/** Projects in the least-developed regions face fewer commercial options, which strengthens the additionality case. */
const lowIncomeCountries = new Set([
  'Malawi', 'Uganda', 'Rwanda', 'United Republic of Tanzania', 'Mozambique', 'Ethiopia', 'Mali', 'Burkina Faso', 'Niger', 'Sierra Leone',
  'Madagascar', 'Democratic Republic of the Congo', 'Burundi', 'Liberia', 'Nepal', 'Bangladesh', 'Haiti', 'Cambodia', 'Zambia',
])

interface SignalDraft {
  key: QualitySignalKey
  value: number
  evidence: string
  source?: string
}

/**
 * Rates one project on the eight quality signals; returns rows for the signals it can assess only. A
 * pipeline project that has not been verified may have no MRV signal, and some projects publish no leakage
 * assessment: those are left missing, never filled in. The same rng state gives the same rows.
 */
export function rateProject(project: RatedProject, options: { now: Date; rng: Rng }): NewQualitySignal[] {
  const { now, rng } = options
  const risk = activityRisks[project.type] ?? fallbackRisk
  // How well this particular project is run, shared by its risk signals so good projects are good throughout.
  const integrity = rng.normal(0, 1)
  const issued = Number(project.issued) || 0
  const buffer = Number(project.buffer) || 0
  const labels = new Set(project.labels)
  const drafts: SignalDraft[] = []

  const [additionality, additionalityWhy] = risk.additionality
  const poorer = lowIncomeCountries.has(project.country) && additionality < 0.5
  drafts.push({
    key: 'additionality',
    value: clamp(additionality + (poorer ? 0.2 : 0) + jitter(integrity, rng)),
    evidence: poorer ? `${additionalityWhy(project)}, though less so in a low-income market` : additionalityWhy(project),
  })

  drafts.push(overCrediting(project, risk, jitter(integrity, rng)))

  if (!rng.chance(0.025)) {
    const [leakage, leakageWhy] = risk.leakage
    drafts.push({ key: 'leakage', value: clamp(leakage + jitter(integrity, rng)), evidence: leakageWhy(project) })
  }

  const [permanence, permanenceWhy] = risk.permanence
  const bufferShare = issued > 0 ? buffer / issued : 0
  drafts.push({
    key: 'permanence',
    value: clamp(permanence + Math.min(0.2, bufferShare) + jitter(integrity, rng) * 0.5),
    evidence:
      project.reduction_removal === 'impermanent_removal'
        ? `${permanenceWhy(project)}; ${bufferShare > 0 ? `${Math.round(bufferShare * 100)}% of issuance is held in the buffer pool` : 'no buffer deposits yet'}`
        : permanenceWhy(project),
  })

  const mrv = mrvSignal(project, issued, now, rng)
  if (mrv) drafts.push(mrv)
  drafts.push(coBenefitsSignal(project, labels, rng))
  drafts.push(governanceSignal(project, labels, rng))
  drafts.push(labelsSignal(project, labels, rng))

  const asOf = now.toISOString()
  return drafts.map((d) => ({
    project_id: project.id,
    signal: d.key,
    value: d.value,
    source: d.source ?? ratingsModelSource,
    as_of: asOf,
    evidence: d.evidence,
  }))
}

/** A project's own integrity moves all its risk signals together; a little noise keeps them from moving in lockstep. */
function jitter(integrity: number, rng: Rng): number {
  return integrity * 0.09 + rng.normal(0, 0.04)
}

function overCrediting(project: RatedProject, risk: ActivityRisk, shift: number): SignalDraft {
  const methodology = project.methodology ?? ''
  // Metered cooking and the allocated jurisdictional baseline of VM0048 answer the main criticisms.
  if (project.type === 'Cookstoves' && /Metered|VM0050/.test(methodology)) {
    return { key: 'over_crediting', value: clamp(0.45 + shift), evidence: 'Metered fuel use reduces, but does not remove, cookstove over-crediting (Gill-Wiehl et al., 2024)' }
  }
  if (project.type === 'REDD+' && methodology === 'VM0048') {
    return { key: 'over_crediting', value: clamp(0.5 + shift), evidence: 'VM0048 allocates a jurisdictional baseline, limiting inflated deforestation threats' }
  }
  const [value, why] = risk.over_crediting
  return { key: 'over_crediting', value: clamp(value + shift), evidence: why(project) }
}

/** Metered methane and removals are verified from instruments; household programmes from sample surveys. */
const meteredTypes = new Set(['Landfill Methane', 'ODS Destruction', 'Mine Methane Capture', 'Direct Air Capture', 'Carbon Capture & Storage', 'Nitric Acid N2O Abatement'])
const surveyedTypes = new Set(['Cookstoves', 'Clean Water', 'Community Boreholes', 'Biodigesters', 'Lighting', 'Sustainable Agriculture'])

function mrvSignal(project: RatedProject, issued: number, now: Date, rng: Rng): SignalDraft | null {
  if (project.status === 'pipeline') {
    if (rng.chance(0.25)) return null
    return { key: 'mrv', value: clamp(rng.normal(0.32, 0.05)), evidence: 'Not yet verified; validation under way' }
  }
  if (issued === 0) return { key: 'mrv', value: clamp(rng.normal(0.3, 0.05)), evidence: 'Registered, but no verified issuance yet' }
  const months =
    project.status === 'registered'
      ? Math.min(72, Math.max(1, Math.round(rng.logNormal(11, 0.7))))
      : project.status === 'completed'
        ? rng.int(14, 90)
        : rng.int(30, 140)
  const base = months <= 12 ? 0.85 : months <= 24 ? 0.7 : months <= 36 ? 0.55 : months <= 60 ? 0.4 : 0.25
  const method = meteredTypes.has(project.type) ? 0.07 : surveyedTypes.has(project.type) ? -0.1 : 0
  const verified = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1))
  const when = `${monthNames[verified.getUTCMonth()]} ${verified.getUTCFullYear()}`
  const how = method > 0 ? '; metered' : method < 0 ? '; survey-based' : ''
  return { key: 'mrv', value: clamp(base + method + rng.normal(0, 0.04)), evidence: `Last verified ${months} months ago (${when})${how}` }
}

const ccbLabels = [labelNames.ccbGold, labelNames.ccbBiodiversity, labelNames.ccbCommunity, labelNames.ccbClimate] as string[]
const typesWithBenefitsByDesign: Record<string, string> = {
  Cookstoves: 'household health and energy access by design',
  'Clean Water': 'safe drinking water by design',
  'Community Boreholes': 'safe drinking water by design',
  Biodigesters: 'household energy access by design',
  'Solar - Distributed': 'energy access by design',
  Lighting: 'energy access by design',
  'REDD+': 'forest habitat protected by design',
  'Wetland Restoration': 'coastal habitat restored by design',
}

function coBenefitsSignal(project: RatedProject, labels: Set<string>, rng: Rng): SignalDraft {
  const ccb = ccbLabels.filter((l) => labels.has(l))
  const social = labels.has(labelNames.socialCarbon)
  const sdgs = [...project.sdgs].sort((a, b) => a - b)
  const byDesign = typesWithBenefitsByDesign[project.type]
  let value = 0.25
  if (ccb.length > 0) value += 0.25 + 0.08 * (ccb.length - 1)
  if (social) value += 0.15
  value += 0.04 * Math.min(6, Math.max(0, sdgs.length - 1))
  if (byDesign) value += 0.1
  const parts = [...ccb, ...(social ? [labelNames.socialCarbon] : [])]
  if (sdgs.length > 0) parts.push(`lists UN SDGs ${sdgs.join(', ')}`)
  if (byDesign && parts.length === 0) parts.push(`no co-benefit certification; ${byDesign}`)
  const evidence = parts.length > 0 ? parts.join('; ') : 'No co-benefit certification or SDG listing'
  return { key: 'co_benefits', value: clamp(value + rng.normal(0, 0.04)), evidence: capitalise(evidence) }
}

const statusWording: Record<string, [value: number, wording: string]> = {
  registered: [0.72, 'Registered'],
  completed: [0.68, 'Crediting completed'],
  pipeline: [0.5, 'Still in validation'],
  inactive: [0.3, 'Inactive or withdrawn'],
}

function governanceSignal(project: RatedProject, labels: Set<string>, rng: Rng): SignalDraft {
  const [base, wording] = statusWording[project.status] ?? [0.5, capitalise(project.status)]
  const authorised = labels.has(labelNames.article6)
  const value = base + (authorised ? 0.2 : 0) + (project.registry === 'ART' ? 0.05 : 0) + rng.normal(0, 0.03)
  const adjustment = authorised
    ? 'authorised under Article 6 with a corresponding adjustment'
    : 'no corresponding adjustment, so the host country may count the same reduction'
  return {
    key: 'governance',
    value: clamp(value),
    evidence: `${wording} on the ${registryName(project.registry)} registry; ${adjustment}`,
    source: registrySourceFor(project.registry)?.name ?? registryName(project.registry),
  }
}

function labelsSignal(project: RatedProject, labels: Set<string>, rng: Rng): SignalDraft {
  const ccp = labels.has(labelNames.ccp)
  const corsiaFirst = labels.has(labelNames.corsiaFirst)
  const corsiaPilot = labels.has(labelNames.corsiaPilot)
  const value = ccp ? 0.85 + (corsiaFirst ? 0.1 : 0) : corsiaFirst ? 0.75 : corsiaPilot ? 0.55 : 0.25
  const held = [ccp && 'ICVCM CCP-Approved', corsiaFirst && 'CORSIA first-phase eligible', corsiaPilot && 'CORSIA pilot-phase eligible'].filter(Boolean)
  return {
    key: 'labels',
    value: clamp(value + rng.normal(0, 0.02)),
    evidence: held.length > 0 ? held.join('; ') : 'No CCP approval or CORSIA eligibility',
    source: registrySourceFor(project.registry)?.name ?? registryName(project.registry),
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
