import type { FieldError } from '../../api/contract/errors'
import { endpointName, endpoints } from '../../api/endpoints'

export interface BriefVocabulary {
  type: ReadonlySet<string>
  region: ReadonlySet<string>
}

/** A brief's type and region must be values the data knows; the facets endpoint publishes them. */
export function unknownVocabulary(known: BriefVocabulary, brief: { type?: string; region?: string }): FieldError[] {
  const errors: FieldError[] = []
  for (const field of ['type', 'region'] as const) {
    const value = brief[field]
    if (value === undefined || known[field].has(value)) continue
    errors.push({ path: field, message: `No project has ${field} "${value.slice(0, 100)}"; ${endpointName(endpoints.listProjectFacets)} lists the values` })
  }
  return errors
}
