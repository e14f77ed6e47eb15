import { describe, expect, it } from 'vitest'
import { fileRefusalCodes } from '../../src/api/contract/sources'
import { sourceStateLabel } from '../../src/features/sources/lib/labels'
import { sourceState } from '../../src/server/catalogue/source-status'

const verra = { kind: 'registry', cadence_hours: 168 }
const now = Date.parse('2026-11-30T12:00:00Z')
const hoursAgo = (hours: number) => now - hours * 3_600_000

describe("a source's state", () => {
  it('is failing when its newest run failed for its own sake, whatever its data', () => {
    expect(sourceState(verra, { state: 'failed', error_code: 'source_unreadable' }, hoursAgo(1), now)).toBe('failing')
    expect(sourceState(verra, { state: 'failed', error_code: 'import_timeout' }, hoursAgo(1), now)).toBe('failing')
    // A run failed before runs kept a code, or by the worker (a lost lease, a crash), has none.
    expect(sourceState(verra, { state: 'failed', error_code: null }, hoursAgo(1), now)).toBe('failing')
    expect(sourceState(verra, { state: 'failed' }, Number.NaN, now)).toBe('failing')
  })

  it('stays as its data is when its newest run refused the file it was given', () => {
    for (const code of fileRefusalCodes) {
      expect(sourceState(verra, { state: 'failed', error_code: code }, hoursAgo(1), now), code).toBe('healthy')
      expect(sourceState(verra, { state: 'failed', error_code: code }, hoursAgo(24 * 30), now), code).toBe('stale')
      expect(sourceState(verra, { state: 'failed', error_code: code }, Number.NaN, now), code).toBe('never_run')
    }
  })

  it('is running while a run is queued or under way, and otherwise follows its last success', () => {
    expect(sourceState(verra, { state: 'queued' }, hoursAgo(1), now)).toBe('running')
    expect(sourceState(verra, { state: 'running' }, Number.NaN, now)).toBe('running')
    expect(sourceState(verra, { state: 'succeeded' }, hoursAgo(1), now)).toBe('healthy')
    expect(sourceState(verra, undefined, Number.NaN, now)).toBe('never_run')
  })
})

describe("a source's state as the catalog reads it", () => {
  const refused = { id: 'run_1', state: 'failed' as const, created_at: '2026-11-30T11:00:00Z', finished_at: '2026-11-30T11:00:01Z' }

  it('says "No data yet", not "Never run", of a source whose only run was refused its file', () => {
    expect(sourceStateLabel({ state: 'never_run', last_run: refused })).toBe('No data yet')
    expect(sourceStateLabel({ state: 'never_run', last_run: null })).toBe('Never run')
    expect(sourceStateLabel({ state: 'failing', last_run: refused })).toBe('Failing')
  })
})
