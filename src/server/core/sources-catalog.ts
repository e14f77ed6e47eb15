import type { RegistryCode } from '../../api/contract/common'
import type { SourceKind } from '../../api/contract/sources'
import { endpointName, endpoints } from '../../api/endpoints'

/** A source as the catalogue defines it; the sources table stores these fields. */
export interface SourceDefinition {
  id: string
  name: string
  kind: SourceKind
  connector: string
  description: string
  registry: RegistryCode | null
  cadence_hours: number
}

/**
 * Where the data comes from: one source per registry, the ratings model, the market feed and Berkeley's
 * VROD. Cadence is how often each is expected to refresh; freshness on the coverage matrix is measured
 * against it.
 */
const registrySource = (
  id: string,
  registry: RegistryCode,
  connector: string,
  name: string,
  description: string,
): SourceDefinition => ({ id, name, kind: 'registry', connector, description, registry, cadence_hours: 24 })

/** The open rating's rules, by version; stored ratings record it, and a start re-rates an older one. */
export const ratingVersion = 'credence-rating/3'
/** The open rating computes every signal from a project's public facts and published evidence: nothing is drawn. */
export const ratingSourceName = `Credence open rating (${ratingVersion})`
export const ratingSourceDescription =
  `Quality signals (additionality, over-crediting, leakage, permanence, MRV and more) computed by documented rules from each project's public facts and published evidence (${endpointName(endpoints.getRatingMethod)}); generated projects are rated by the same rules on their generated facts. Not an independent rater.`

export const sourceCatalog: readonly SourceDefinition[] = [
  registrySource('src_verra', 'VCS', 'verra', 'Verra Registry', "Projects, statuses, issuances and retirements under Verra's Verified Carbon Standard (VCS)."),
  registrySource('src_gold_standard', 'GS', 'gold-standard', 'Gold Standard Impact Registry', 'Projects, statuses, credits and the UN SDGs they list, from the Gold Standard registry.'),
  registrySource('src_car', 'CAR', 'car', 'Climate Action Reserve', 'Projects and offset credits (CRTs) from the Climate Action Reserve registry, mostly North American.'),
  registrySource('src_acr', 'ACR', 'acr', 'American Carbon Registry', 'Projects and issuances from the American Carbon Registry.'),
  registrySource('src_art', 'ART', 'art-trees', 'ART TREES Registry', 'Jurisdictional REDD+ programmes and TREES credits from the Architecture for REDD+ Transactions registry.'),
  registrySource('src_isometric', 'ISO', 'isometric', 'Isometric Registry', 'Durable carbon removal projects (biochar, direct air capture, enhanced weathering) certified by Isometric.'),
  registrySource('src_cercarbono', 'CCB', 'cercarbono', 'Cercarbono Registry', "Projects, issuances and retirements under Cercarbono's standard, mostly in Latin America, from its public registry on EcoRegistry."),
  registrySource('src_puro', 'PURO', 'puro', 'Puro Registry', 'Engineered carbon removal projects and CO2 removal certificates (CORCs) from Puro.earth.'),
  {
    id: 'src_ratings',
    name: ratingSourceName,
    kind: 'rating',
    connector: 'ratings',
    description: ratingSourceDescription,
    registry: null,
    cadence_hours: 168,
  },
  {
    id: 'src_marketsource',
    name: 'Market prices (simulated)',
    kind: 'market',
    connector: 'marketsource',
    description: 'Simulated spot prices in USD per tCO2e, within the ranges reported for each project type; not a trading venue.',
    registry: null,
    cadence_hours: 24,
  },
  {
    id: 'src_vrod',
    name: 'Berkeley Voluntary Registry Offsets Database',
    kind: 'dataset',
    connector: 'vrod',
    description:
      'Voluntary Registry Offsets Database by the Berkeley Carbon Trading Project (Haya et al., UC Berkeley), released quarterly under CC BY-SA 4.0.',
    registry: null,
    cadence_hours: 2160,
  },
]

const byIdOrConnector = new Map(sourceCatalog.flatMap((s) => [[s.id, s] as const, [s.connector, s] as const]))

/** A source by its id (`src_verra`) or connector name (`verra`). */
export function sourceFor(connectorOrId: string): SourceDefinition | undefined {
  return byIdOrConnector.get(connectorOrId)
}

const byRegistry = new Map(sourceCatalog.filter((s) => s.registry).map((s) => [s.registry as string, s]))

/** The registry source that lists a registry's projects (`VCS` → `src_verra`). */
export function registrySourceFor(registry: RegistryCode | string): SourceDefinition | undefined {
  return byRegistry.get(registry)
}

/** Berkeley's credit, shown wherever its data is (CC BY-SA 4.0 asks for it). */
export const vrodAttribution =
  'Voluntary Registry Offsets Database, Berkeley Carbon Trading Project (Haya, B. K., et al.), University of California, Berkeley; licensed under CC BY-SA 4.0.'

/**
 * The registries whose public export files Credence imports (their formats are in importers/registry/): their
 * sources are connected, and a run imports an uploaded file of their export.
 */
export const importedRegistries: ReadonlySet<string> = new Set(['verra', 'gold-standard', 'acr', 'car', 'art-trees', 'isometric', 'cercarbono'])

export interface SourceTraits {
  /** Its data is generated here, not read from the real source. */
  simulated: boolean
  /** Something real (or an honest simulation) is behind it on this machine: a run is accepted. */
  connected: boolean
  /** A run may import an uploaded file with its connector. */
  acceptsFiles: boolean
  attribution: string | null
}

/**
 * What each source really is on this machine. The registries publish no API Credence can call here: a registry
 * whose export files Credence reads is connected through them (a run imports an uploaded export); the others are
 * not connected, and Berkeley's file, which carries their projects, is the way their data comes in.
 * The open rating is computed here from each project's facts by published rules: not a simulation. The market
 * is one, and says so; it also takes a buyer's quotes as a file, which are real.
 */
export function sourceTraits(source: { kind: string; connector: string }): SourceTraits {
  if (source.connector === 'vrod') return { simulated: false, connected: true, acceptsFiles: true, attribution: vrodAttribution }
  if (source.kind === 'registry') {
    const imported = importedRegistries.has(source.connector)
    return { simulated: false, connected: imported, acceptsFiles: imported, attribution: null }
  }
  if (source.connector === 'ratings') return { simulated: false, connected: true, acceptsFiles: false, attribution: null }
  if (source.connector === 'marketsource') return { simulated: true, connected: true, acceptsFiles: true, attribution: null }
  return { simulated: true, connected: true, acceptsFiles: false, attribution: null }
}

/**
 * The open rating is worked out here from each project's facts (as Berkeley's import brings them, and on a re-rate),
 * not fetched on a schedule: its cadence promises nothing, so it is never overdue, and a project's freshness is that
 * of the facts it rates.
 */
export const isDerived = (source: { kind: string }) => source.kind === 'rating'

/** Whether a source's data is generated here (the market feed): it belongs beside generated projects only. */
export function isSimulated(sourceId: string): boolean {
  const source = sourceFor(sourceId)
  return source === undefined || sourceTraits(source).simulated
}

/**
 * The sources whose succeeded runs are a success of this one: its own, and for the open rating Berkeley's too, whose
 * import rates every project it brings (runs/vrod-import.ts), the first start's seeding from the file included.
 */
export const runsCountingFor = (source: { id: string; kind: string }): readonly string[] =>
  isDerived(source) ? [source.id, 'src_vrod'] : [source.id]
