import type { ProjectStatus, RegistryCode } from '../../api/contract/common'
import type { NewCoverage, NewProject, NewQualitySignal, NewSource, NewSpotPrice } from '../db/schema'
import { compositeScore } from '../quality/composite'
import { rateProject } from '../quality/rules'
import { deriveCoBenefits } from '../../api/co-benefits'
import { projectIdFor } from '../core/ids'
import { developerFor, methodologyFor, projectNameFor, registryKeys, websiteFor } from './names'
import { priceFor } from '../pricing/bands'
import { createRng, type Rng } from '../core/random'
import { registrySourceFor, sourceDefinitions } from '../sources/source-list'
import {
  countryTableByRegion,
  countryTableByRegistry,
  drawLabels,
  drawSdgs,
  regionTableByProfile,
  registryTable,
  statusTableByRegistry,
  typeTableByRegistry,
  type GeneratedRegistry,
  type ProjectType,
} from './taxonomy'

export interface GeneratorOptions {
  projects: number
  seed: number
  /** The moment the dataset describes; ages and freshness are measured back from it. */
  now: Date
}

export interface GeneratedDataset {
  sources: NewSource[]
  projects: NewProject[]
  signals: NewQualitySignal[]
  prices: NewSpotPrice[]
  coverage: NewCoverage[]
}

const hour = 3_600_000
const day = 24 * hour

/** A project before it has its registry key: keys follow listing order within each registry. */
interface Draft {
  registry: GeneratedRegistry
  listedAt: number
  /** Built in its final shape up front and completed in place: at 100,000 projects, copies cost seconds. */
  project: NewProject
}

/**
 * A deterministic market of `projects` projects with their quality signals, spot prices and coverage by
 * source: the same options give the same rows, on any machine.
 */
export function generateDataset(options: GeneratorOptions): GeneratedDataset {
  const { now, seed } = options
  const root = createRng(seed)
  const drafts: Draft[] = new Array(options.projects)
  for (let i = 0; i < options.projects; i++) drafts[i] = draftProject(root.fork(`project:${i}`), now)

  const keysByDraft = assignKeys(drafts, root.fork('keys'))
  const clock = coverageClock(now)
  const dataset: GeneratedDataset = { sources: sourceDefinitions.map((s) => ({ ...s })), projects: [], signals: [], prices: [], coverage: [] }
  for (let i = 0; i < drafts.length; i++) finishProject(drafts[i], keysByDraft[i], root.fork(`finish:${i}`), clock, dataset)
  return dataset
}

function draftProject(rng: Rng, now: Date): Draft {
  const registry = rng.weighted(registryTable)
  const type = rng.weighted(typeTableByRegistry[registry])
  const byRegistry = countryTableByRegistry[registry]
  const country = byRegistry ? rng.weighted(byRegistry) : rng.weighted(countryTableByRegion[rng.weighted(regionTableByProfile[type.profile])])
  const place = country.subdivisions.length > 0 ? rng.pick(country.subdivisions) : null
  const status = rng.weighted(statusTableByRegistry[registry])
  const { listedAt, registeredAt, vintage } = projectDates(registry, status, now, rng)
  const credits = creditsFor(type, status, vintage, now, rng)
  const labels = drawLabels({ registry, type: type.name, status, country: country.name, vintage }, rng)
  const sdgs = drawSdgs({ registry, type }, rng)
  const developer = developerFor(country, type.scope, rng)
  const name = projectNameFor({ type, registry, country, place, developer }, rng)
  // The U.S., Canada and the large federal countries are reported by state; elsewhere registries often leave it out.
  const statesReported = ['United States', 'Canada', 'Mexico', 'Brazil', 'India', 'China'].includes(country.name)
  return {
    registry,
    listedAt: listedAt.getTime(),
    project: {
      id: '',
      key: '',
      name,
      registry,
      status,
      scope: type.scope,
      type: type.name,
      reduction_removal: type.reductionRemoval,
      region: country.region,
      country: country.name,
      state: place && rng.chance(statesReported ? 0.95 : 0.55) ? place : null,
      methodology: methodologyFor(type, registry, country, rng),
      developer,
      vintage,
      ...credits,
      labels,
      co_benefits: deriveCoBenefits({ type: type.name, labels, sdgs }),
      sdgs,
      listed_at: isoDate(listedAt),
      registered_at: registeredAt ? isoDate(registeredAt) : null,
      website: null,
      quality_score: null,
      quality_grade: null,
      updated_at: '',
      // Generated, not a registry record: said so in the data and on screen.
      synthetic: true,
    },
  }
}

/** First year each registry (or its predecessor programme) listed projects. */
const firstListingYear: Record<GeneratedRegistry, number> = { VCS: 2006, GS: 2004, CAR: 2003, ACR: 2001, ART: 2020, ISO: 2023, PURO: 2019 }

function projectDates(registry: GeneratedRegistry, status: ProjectStatus, now: Date, rng: Rng) {
  const thisYear = now.getUTCFullYear()
  const pipeline = status === 'pipeline'
  const first = firstListingYear[registry]
  // Listings grew over time, so later years are drawn more often; pipeline projects are recent by nature.
  const year = pipeline
    ? Math.max(first, thisYear - Math.floor(rng.next() ** 1.5 * 5))
    : Math.min(thisYear, first + Math.floor(rng.next() ** 0.8 * (thisYear - first + 1)))
  const listedAt = new Date(Math.min(now.getTime() - rng.int(1, 20) * day, Date.UTC(year, 0, 1) + rng.int(0, 364) * day))

  let registeredAt: Date | null = null
  if (!pipeline && !(status === 'inactive' && rng.chance(0.4))) {
    registeredAt = new Date(Math.min(now.getTime() - day, listedAt.getTime() + rng.int(60, 720) * day))
  }

  let vintage: number | null
  if (pipeline) vintage = rng.chance(0.45) ? null : Math.min(thisYear, listedAt.getUTCFullYear() + rng.int(0, 1))
  else if (rng.chance(0.08)) vintage = null
  else vintage = Math.max(2000, Math.min(thisYear, listedAt.getUTCFullYear() - rng.int(-1, 3)))
  return { listedAt, registeredAt, vintage }
}

/** Median credits issued over a project's life, by type; sizes are log-normal around it (most small, a few huge). */
const medianIssuedByType: Record<string, number> = {
  'REDD+': 540_000,
  'Jurisdictional REDD+': 1_500_000,
  'Improved Forest Management': 130_000,
  'Afforestation/Reforestation': 24_000,
  Wind: 110_000,
  Hydropower: 110_000,
  'Solar - Centralized': 54_000,
  Biomass: 66_000,
  Geothermal: 180_000,
  'Solar Water Heaters': 4_800,
  'Solar - Distributed': 9_000,
  Cookstoves: 42_000,
  'Clean Water': 36_000,
  'Community Boreholes': 18_000,
  Biodigesters: 18_000,
  Lighting: 15_000,
  'Bundled Energy Efficiency': 15_000,
  'Landfill Methane': 66_000,
  'Manure Methane Digester': 18_000,
  'Methane Recovery in Wastewater': 27_000,
  Composting: 9_000,
  'Waste Diversion': 7_200,
  'Rice Emission Reductions': 15_000,
  'Sustainable Agriculture': 15_000,
  'Nitrogen Management': 4_800,
  'Ozone Depleting Substances Recovery & Destruction': 54_000,
  'N2O Destruction in Nitric Acid Production': 180_000,
  'HFC23 Destruction': 1_500_000,
  'HFC Refrigerant Reclamation': 9_000,
  'SF6 Replacement': 24_000,
  'Mine Methane Capture': 90_000,
  'Energy Efficiency': 36_000,
  'Fuel Switching': 48_000,
  'Plugging Oil & Gas Wells': 9_000,
  'Waste Heat Recovery': 66_000,
  'Fleet Efficiency': 9_000,
  'Electric Vehicles & Charging': 9_000,
  'Mass Transit': 24_000,
  'Carbon Capture & Enhanced Oil Recovery': 150_000,
  'Avoided Grassland Conversion': 18_000,
  'Wetland Restoration': 15_000,
  Biochar: 1_200,
  'Direct Air Capture': 180,
  'Enhanced Rock Weathering': 600,
}

function creditsFor(type: ProjectType, status: ProjectStatus, vintage: number | null, now: Date, rng: Rng) {
  const none = { issued: 0, retired: 0, remaining: 0, buffer: 0 }
  // Most pipeline projects have issued nothing yet; many withdrawn ones never did.
  if (status === 'pipeline' && !rng.chance(0.08)) return none
  if (status === 'inactive' && rng.chance(0.35)) return none
  if (status === 'registered' && rng.chance(0.05)) return none
  const years = vintage === null ? 5 : Math.max(1, now.getUTCFullYear() - vintage)
  const scale = status === 'pipeline' ? 0.05 : Math.min(1.6, 0.4 + years / 12)
  const issued = Math.max(1, Math.round(rng.logNormal((medianIssuedByType[type.name] ?? 18_000) * scale, 1.7)))
  const older = vintage !== null && vintage < 2015 ? 0.12 : 0
  const retiredShare = Math.min(1, Math.max(0, rng.normal(0.52 + older, 0.22)))
  const retired = Math.round(issued * retiredShare)
  const cancelled = rng.chance(0.3) ? Math.round((issued - retired) * rng.float(0, 0.05)) : 0
  // Buffer pools insure against reversal of stored carbon, so only impermanent removals pay into them.
  const buffer = type.reductionRemoval === 'impermanent_removal' ? Math.round(issued * rng.float(0.1, 0.25)) : 0
  return { issued, retired, remaining: issued - retired - cancelled, buffer }
}

function assignKeys(drafts: readonly Draft[], rng: Rng): string[] {
  const keys = new Array<string>(drafts.length)
  const byRegistry = new Map<GeneratedRegistry, number[]>()
  drafts.forEach((draft, i) => {
    const list = byRegistry.get(draft.registry) ?? []
    list.push(i)
    byRegistry.set(draft.registry, list)
  })
  for (const [registry, indexes] of [...byRegistry].sort(([a], [b]) => a.localeCompare(b))) {
    // Older listings carry lower registry numbers, as in the real registries.
    indexes.sort((a, b) => drafts[a].listedAt - drafts[b].listedAt || a - b)
    const numbered = registryKeys(registry, indexes.length, rng.fork(registry))
    indexes.forEach((draftIndex, n) => (keys[draftIndex] = numbered[n]))
  }
  return keys
}

/**
 * When each source is made to have last updated each generated project, for the coverage map to show a catalogue
 * as it ages. No source ran: the seeding records no run, so no source claims a success from these cells
 * (catalogue/source-status.ts). Most cells are fresh; Gold Standard's stopped three weeks ago for part of its
 * projects, and VROD's release is 45 days old. A rating is dated when its project was rated; it keeps no cadence.
 */
function coverageClock(now: Date) {
  const ago = (ms: number) => now.getTime() - ms
  return {
    registry: (rng: Rng, registry: RegistryCode) => {
      if (registry === 'GS' && rng.chance(0.25)) return ago(21 * day + rng.float(0, 4) * hour)
      if (rng.chance(0.015)) return ago(rng.float(26, 120) * hour)
      return ago(rng.float(0.2, 20) * hour)
    },
    ratings: (rng: Rng) => (rng.chance(0.15) ? ago(rng.float(170, 24 * 60) * hour) : ago(rng.float(1, 160) * hour)),
    market: (rng: Rng) => (rng.chance(0.07) ? ago(rng.float(26, 144) * hour) : ago(rng.float(0.1, 20) * hour)),
    vrod: ago(45 * day + 3 * hour),
  }
}

const vrodRegistries = new Set<RegistryCode>(['VCS', 'GS', 'CAR', 'ACR', 'ART'])

function finishProject(draft: Draft, key: string, rng: Rng, clock: ReturnType<typeof coverageClock>, out: GeneratedDataset) {
  const { project, registry } = draft
  const id = projectIdFor(key)
  project.id = id
  project.key = key
  let updatedAt = clock.vrod

  // A few registry records are too new to have been fetched yet.
  if (!rng.chance(0.007)) {
    const at = clock.registry(rng, registry)
    out.coverage.push({ project_id: id, source_id: registrySourceFor(registry)!.id, last_success_at: isoTime(at) })
    updatedAt = Math.max(updatedAt, at)
  }

  // Some newly listed pipeline projects have not been rated at all: their quality is unknown, not guessed.
  if (!(project.status === 'pipeline' && rng.chance(0.015))) {
    const ratedAt = new Date(clock.ratings(rng))
    const signals = rateProject(project, { ratedAt, asOfYear: new Date(clock.vrod).getUTCFullYear() })
    const quality = compositeScore(signals.map((s) => ({ key: s.signal, value: s.value })))
    project.quality_score = quality.score
    project.quality_grade = quality.grade
    for (const signal of signals) out.signals.push(signal)
    out.coverage.push({ project_id: id, source_id: 'src_ratings', last_success_at: signals[0]?.as_of ?? ratedAt.toISOString() })
    updatedAt = Math.max(updatedAt, ratedAt.getTime())
  }

  const priced = project.status === 'pipeline' ? Number(project.issued) > 0 && rng.chance(0.5) : rng.chance(0.95)
  if (priced) {
    const quotedAt = clock.market(rng)
    const asOf = isoTime(quotedAt)
    out.prices.push({ project_id: id, value: priceFor(project, rng.fork('price')), as_of: asOf, source_id: 'src_marketsource' })
    out.coverage.push({ project_id: id, source_id: 'src_marketsource', last_success_at: asOf })
    updatedAt = Math.max(updatedAt, quotedAt)
  }

  // VROD covers the five registries it compiles, and only projects listed before its last release.
  if (vrodRegistries.has(registry) && draft.listedAt < clock.vrod) {
    out.coverage.push({ project_id: id, source_id: 'src_vrod', last_success_at: isoTime(clock.vrod) })
  }

  project.website = websiteFor(project.developer ?? null, key, rng)
  project.updated_at = isoTime(updatedAt)
  out.projects.push(project)
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString()
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
