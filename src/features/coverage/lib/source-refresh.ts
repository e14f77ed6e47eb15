import { maxRunProjectKeys, type Source } from '../../../api/contract/sources'

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

/**
 * How many of a source's stale cells "Select stale cells" takes: as many as one run covers where a run refreshes
 * them, the stalest first; every one where an import does, since no run has to fit (Berkeley's were 1,000 of
 * 10,975, with nothing to say why).
 */
export function staleSelectionLimit(refresh: SourceRefresh): number {
  return refresh === 'run' ? maxRunProjectKeys : Infinity
}
