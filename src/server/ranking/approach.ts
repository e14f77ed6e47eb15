import type { Approach } from '../../api/contract/brief'

/** The scopes whose projects work through land and living things; every other scope is technology-based. */
const natureScopes = new Set(['Forestry & Land Use', 'Agriculture'])

/** A project's approach, from its scope (which Berkeley's file, and the generator, derive from its type). */
export const approachOfScope = (scope: string): Approach => (natureScopes.has(scope) ? 'nature' : 'technology')
