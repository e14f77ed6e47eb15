import type { FieldError } from '../../../api/contract/errors'
import type { ScopedDb } from './scoped'

/** A brief's type and region must be values the data knows; the facets endpoint publishes them. */
export async function unknownVocabulary(db: ScopedDb, brief: { type?: string; region?: string }): Promise<FieldError[]> {
  const errors: FieldError[] = []
  for (const field of ['type', 'region'] as const) {
    const value = brief[field]
    if (value === undefined) continue
    const found = await db.selectFrom('projects').select('id').where(field, '=', value).limit(1).executeTakeFirst()
    if (!found) {
      errors.push({ path: field, message: `No project has ${field} "${value.slice(0, 100)}"; GET /api/projects/facets lists the values` })
    }
  }
  return errors
}
