import { describe, expect, it } from 'vitest'
import { sourceRefresh, staleSelectionLimit } from '../../src/features/coverage/lib/source-refresh'
import { maxRunProjectKeys } from '../../src/api/contract/sources'

describe("how a source's stale cells are refreshed", () => {
  it("offers a run only where one brings newer data: a registry's export and Berkeley's release are imported", () => {
    expect(sourceRefresh({ connected: true, kind: 'registry' })).toBe('export')
    // A run of Berkeley's source for the selected projects read again the release their cells date from.
    expect(sourceRefresh({ connected: true, kind: 'dataset' })).toBe('release')
    expect(sourceRefresh({ connected: true, kind: 'market' })).toBe('run')
    expect(sourceRefresh({ connected: true, kind: 'rating' })).toBe('run')
    expect(sourceRefresh({ connected: false, kind: 'registry' })).toBe('not-connected')
    // Until the catalog answers, the run is offered and the API decides.
    expect(sourceRefresh(undefined)).toBe('run')
  })

  it('selects as many stale cells as a run covers where a run refreshes them, and every one where an import does', () => {
    expect(staleSelectionLimit('run')).toBe(maxRunProjectKeys)
    for (const refresh of ['export', 'release', 'not-connected'] as const) expect(staleSelectionLimit(refresh)).toBe(Infinity)
  })
})
