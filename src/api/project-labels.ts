import type { ProjectStatus, RegistryCode } from './contract/common'
import type { ProjectSummary } from './contract/projects'
import { coBenefitLabel } from './contract/vocabulary'
import { reductionRemovalNames as sharedReductionRemovalNames } from '../lib/reduction-removal'

export const registryNames: Record<RegistryCode, string> = {
  VCS: 'Verra (VCS)',
  GS: 'Gold Standard',
  CAR: 'Climate Action Reserve',
  ACR: 'American Carbon Registry',
  ART: 'ART TREES',
  ISO: 'Isometric',
  PURO: 'Puro.earth',
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
  if (filter === 'registry') return registryNames[value as RegistryCode] ?? value
  if (filter === 'status') return statusNames[value as ProjectStatus] ?? value
  if (filter === 'co_benefit') return coBenefitLabel(value)
  return value
}
