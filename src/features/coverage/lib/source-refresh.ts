import type { Source } from '../../../api/contract/sources'

/**
 * How a source's stale cells are refreshed: a run for exactly those projects; an import of the registry's newer
 * export (a registry's data comes only as its export files); an import of a dataset's newer release (Berkeley's: a
 * run for those projects read again the release their cells already date from, and left every one stale); or, for
 * a source not connected here, Berkeley's next release. Only the first is offered as a run. Until the catalog
 * answers, the run is offered and the API decides.
 */
export type SourceRefresh = 'run' | 'export' | 'release' | 'not-connected'

export function sourceRefresh(source: Pick<Source, 'connected' | 'kind'> | undefined): SourceRefresh {
  if (!source) return 'run'
  if (!source.connected) return 'not-connected'
  if (source.kind === 'registry') return 'export'
  if (source.kind === 'dataset') return 'release'
  return 'run'
}
