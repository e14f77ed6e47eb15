import type { FieldError } from '../../api/contract/errors'

export interface BriefVocabulary {
  type: ReadonlySet<string>
  region: ReadonlySet<string>
}

const nouns = { type: ['project type', 'types'], region: ['region', 'regions'] } as const

/**
 * A brief's type and region must be values the data knows; the facets endpoint publishes them (docs/api.md). The
 * message is read beside the brief's field by a buyer, whose link may name a type no project has any more: it named
 * the endpoint, which a buyer has no use for.
 */
export function unknownVocabulary(known: BriefVocabulary, brief: { type?: string; region?: string }): FieldError[] {
  const errors: FieldError[] = []
  for (const field of ['type', 'region'] as const) {
    const value = brief[field]
    if (value === undefined || known[field].has(value)) continue
    const [noun, several] = nouns[field]
    errors.push({ path: field, message: `No project in the catalogue has the ${noun} "${value.slice(0, 100)}": choose one of the ${several} it lists` })
  }
  return errors
}
