import type { RegistryCode } from '../../api/contract/common'
import type { SourceTable } from '../db/schema'
import type { RegistryFormat } from '../importers/registry/format'
import { registryFormats } from '../importers/registry/recognise'
import { ratingSourceDescription, ratingSourceName } from './rating-source'

/** What the sources table stores of a source. */
export type SourceDefinition = SourceTable

/** Which of the server's run connectors (runs/connectors/) a source's runs use. */
export type RunConnector = 'registry' | 'berkeley' | 'market' | 'ratings'

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
 * A source, whole: what the table stores, what it is on this machine, how its runs are made and the files they
 * read. The list of sources, the run worker, starting a run, the import command and file recognition all read
 * these records, so a source is written once, here.
 */
export interface Source extends SourceDefinition {
  traits: SourceTraits
  /** The connector its runs use, or null where none can run here (a registry whose export Credence cannot read). */
  runs: RunConnector | null
  /** The files of its export Credence reads (a registry's), recognised by their headers. */
  formats: readonly RegistryFormat[]
}

/** Berkeley's credit, shown wherever its data is (CC BY-SA 4.0 asks for it). */
export const vrodAttribution =
  'Voluntary Registry Offsets Database, Berkeley Carbon Trading Project (Haya, B. K., et al.), University of California, Berkeley; licensed under CC BY-SA 4.0.'

/**
 * A registry's source. The registries publish no API Credence can call here: a registry whose export files
 * Credence reads (importers/registry/) is connected through them, a run importing an uploaded export; the others
 * are not connected, and Berkeley's file, which carries their projects, is the way their data comes in.
 */
function registrySource(id: string, registry: RegistryCode, connector: string, name: string, description: string): Source {
  const formats = registryFormats.filter((format) => format.registry === registry)
  const imported = formats.length > 0
  return {
    id,
    name,
    kind: 'registry',
    connector,
    description,
    registry,
    cadence_hours: 24,
    traits: { simulated: false, connected: imported, acceptsFiles: imported, attribution: null },
    runs: imported ? 'registry' : null,
    formats,
  }
}

/**
 * Where the data comes from: one source per registry, the open rating, the market feed and Berkeley's VROD.
 * Cadence is how often each is expected to refresh; freshness on the coverage matrix is measured against it.
 * The open rating is computed here from each project's facts by published rules: not a simulation. The market
 * is one, and says so; it also takes a buyer's quotes as a file, which are real.
 */
export const sourceList: readonly Source[] = [
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
    traits: { simulated: false, connected: true, acceptsFiles: false, attribution: null },
    runs: 'ratings',
    formats: [],
  },
  {
    id: 'src_marketsource',
    name: 'Market prices (simulated)',
    kind: 'market',
    connector: 'marketsource',
    description: 'Simulated spot prices in USD per tCO2e, within the ranges reported for each project type; not a trading venue.',
    registry: null,
    cadence_hours: 24,
    traits: { simulated: true, connected: true, acceptsFiles: true, attribution: null },
    runs: 'market',
    formats: [],
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
    traits: { simulated: false, connected: true, acceptsFiles: true, attribution: vrodAttribution },
    runs: 'berkeley',
    formats: [],
  },
]

/** The five registries Berkeley's database holds (its README: "the four large voluntary registries plus ART TREES"). */
const berkeleyRegistries: RegistryCode[] = ['VCS', 'GS', 'CAR', 'ACR', 'ART']

/**
 * The registries whose projects a source covers, by its id: a registry's source its own, Berkeley's database its five;
 * null for a source of every project. An Isometric or Cercarbono project read "Never updated" under Berkeley, which
 * never lists them, and counted among its missing cells.
 */
export function registriesCovered(sourceId: string): RegistryCode[] | null {
  if (sourceId === 'src_vrod') return berkeleyRegistries
  const registry = sourceFor(sourceId)?.registry
  return registry ? [registry] : null
}

/** What the sources table stores of each source. */
export const sourceDefinitions: readonly SourceDefinition[] = sourceList.map(({ id, name, kind, connector, description, registry, cadence_hours }) => ({
  id,
  name,
  kind,
  connector,
  description,
  registry,
  cadence_hours,
}))

const byIdOrConnector = new Map(sourceList.flatMap((s) => [[s.id, s] as const, [s.connector, s] as const]))

/** A source by its id (`src_verra`) or connector name (`verra`). */
export function sourceFor(connectorOrId: string): Source | undefined {
  return byIdOrConnector.get(connectorOrId)
}

const byRegistry = new Map(sourceList.filter((s) => s.registry).map((s) => [s.registry as string, s]))

/** The registry source that lists a registry's projects (`VCS` → `src_verra`). */
export function registrySourceFor(registry: RegistryCode | string): Source | undefined {
  return byRegistry.get(registry)
}

/** What a source is on this machine; a source the catalog does not define is taken as generated, and runs nothing. */
export function sourceTraits(source: { id: string }): SourceTraits {
  return sourceFor(source.id)?.traits ?? { simulated: true, connected: true, acceptsFiles: false, attribution: null }
}

/** The sources a run can import files for, by the name the import command takes. */
export const fileSources = (): readonly Source[] => sourceList.filter((s) => s.traits.acceptsFiles)

/**
 * The open rating is worked out here from each project's facts (as Berkeley's import brings them, and on a re-rate),
 * not fetched on a schedule: its cadence promises nothing, so it is never overdue, and a project's freshness is that
 * of the facts it rates.
 */
export const isDerived = (source: { kind: string }) => source.kind === 'rating'

/**
 * What a source tells of a project, as its freshness counts: its credits (a registry's export, Berkeley's database)
 * or its price (the market). Two sources of the same thing are two words on it, and the newer one stands.
 */
export type FreshnessConcern = 'credits' | 'price'
export const freshnessConcern = (source: { kind: string }): FreshnessConcern => (source.kind === 'market' ? 'price' : 'credits')

/** Whether a source's data is generated here (the market feed): it belongs beside generated projects only. */
export function isSimulated(sourceId: string): boolean {
  return sourceTraits({ id: sourceId }).simulated
}

/**
 * The sources whose succeeded runs are a success of this one: its own, and for the open rating Berkeley's too, whose
 * import rates every project it brings (runs/vrod-import.ts), the first start's seeding from the file included.
 */
export const runsCountingFor = (source: { id: string; kind: string }): readonly string[] =>
  isDerived(source) ? [source.id, 'src_vrod'] : [source.id]
