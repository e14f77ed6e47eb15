import type { CreditKind } from './contract/credits'
import type { FreshnessState, ProjectStatus, RegistryCode } from './contract/common'
import type { ProjectSummary } from './contract/projects'
import { reductionRemovalNames as sharedReductionRemovalNames } from '../lib/reduction-removal'
import { coBenefitLabel, regionLabel } from './value-labels'

/** How fresh a project's data is, or one source's data for it: one word wherever the app says it. */
export const freshnessNames: Record<FreshnessState, string> = { fresh: 'Fresh', stale: 'Stale', missing: 'Never updated' }

/** The states, freshest first, as the app lists them. */
export const freshnessStates = Object.keys(freshnessNames) as FreshnessState[]

export const registryNames: Record<RegistryCode, string> = {
  VCS: 'Verra (VCS)',
  GS: 'Gold Standard',
  CAR: 'Climate Action Reserve',
  ACR: 'American Carbon Registry',
  ART: 'ART TREES',
  ISO: 'Isometric',
  PURO: 'Puro.earth',
  CCB: 'Cercarbono',
}

export const statusNames: Record<ProjectStatus, string> = {
  pipeline: 'Pipeline',
  registered: 'Registered',
  completed: 'Completed',
  inactive: 'Inactive',
}

export const reductionRemovalNames: Record<ProjectSummary['reduction_removal'], string> = sharedReductionRemovalNames

/** How a filter's raw value reads to a person; values with no special wording read as they are. */
export function facetValueLabel(filter: string, value: string): string {
  if (filter === 'region') return regionLabel(value)
  if (filter === 'registry') return registryNames[value as RegistryCode] ?? value
  if (filter === 'status') return statusNames[value as ProjectStatus] ?? value
  if (filter === 'co_benefit') return coBenefitLabel(value)
  return value
}

const registryPages: Partial<Record<RegistryCode, (id: string) => string>> = {
  VCS: (id) => `https://registry.verra.org/app/projectDetail/VCS/${id}`,
  GS: (id) => `https://registry.goldstandard.org/projects/details/${id}`,
  ACR: (id) => `https://acr2.apx.com/mymodule/reg/prjView.asp?id1=${id}`,
  CAR: (id) => `https://thereserve2.apx.com/mymodule/reg/prjView.asp?id1=${id}`,
  // Cercarbono's registry is kept on EcoRegistry, by the project's number.
  CCB: (id) => `https://www.ecoregistry.io/projects/${id}`,
}

/**
 * The project's own page on its registry, where the registry's address is known from the key (`VCS191` → Verra's
 * page for 191), or for Isometric, which addresses its pages by its own id, the page its projects export gives
 * (`url`, kept as the listing's `website`); null for a generated project, whose key names no real record, and for
 * registries whose pages are not addressed by a number (ART TREES, Puro).
 */
export function registryPageOf(project: Pick<ProjectSummary, 'key' | 'registry' | 'synthetic'>, website?: string | null): string | null {
  if (project.synthetic) return null
  if (project.registry === 'ISO') return website && /^https:\/\/[a-z0-9.-]*isometric\.com\//i.test(website) ? website : null
  const number = new RegExp(`^${project.registry}(\\d+)$`, 'i').exec(project.key)?.[1]
  const page = registryPages[project.registry]
  return !number || !page ? null : page(number)
}

/** What a registry record did, in words; Verra's blocks that were retired or cancelled say both. */
export const creditKindNames: Record<CreditKind, string> = {
  issuance: 'Issuance',
  retirement: 'Retirement',
  cancellation: 'Cancellation',
  retirement_or_cancellation: 'Retired or cancelled',
}
