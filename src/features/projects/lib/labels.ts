import type { ProjectStatus, RegistryCode } from '../../../api/contract/common'
import type { ProjectSummary } from '../../../api/contract/projects'
import { coBenefitLabel } from '../../../api/contract/vocabulary'

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

export const reductionRemovalNames: Record<ProjectSummary['reduction_removal'], string> = {
  reduction: 'Reduction',
  mixed: 'Mixed reduction and removal',
  impermanent_removal: 'Impermanent removal',
  long_duration_removal: 'Long-duration removal',
}

/** How a filter's raw value reads to a person; values with no special wording read as they are. */
export function facetValueLabel(filter: string, value: string): string {
  if (filter === 'registry') return registryNames[value as RegistryCode] ?? value
  if (filter === 'status') return statusNames[value as ProjectStatus] ?? value
  if (filter === 'co_benefit') return coBenefitLabel(value)
  return value
}
