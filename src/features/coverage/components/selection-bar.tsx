import { useState } from 'react'
import { Link } from 'react-router-dom'
import { maxRunProjectKeys, type SourceRun, type SourceRunRequest } from '../../../api/contract/sources'
import { describeError } from '../../../api/error-message'
import { formatNumber } from '../../../lib/format'
import type { SourceRefresh } from '../lib/source-refresh'


/** Starts a source run; the app hands in the same starter the sources page uses. */
export interface CoverageRunStarter {
  start: (request: SourceRunRequest) => Promise<SourceRun>
  isPending: boolean
}

interface SelectionBarProps {
  sourceId: string
  sourceName: string
  /** How these cells are refreshed (`sourceRefresh`): only a run is offered as one. */
  refresh: SourceRefresh
  /** Where files are imported: what refreshes a source no run can. */
  sourcesPath: string
  keys: ReadonlySet<string>
  /** How many cells were stale when only the stalest of them, as many as a run covers, were selected. */
  staleOf?: number
  starter: CoverageRunStarter
  onStarted: (run: SourceRun) => void
  onClear: () => void
}

/** The cells picked on the map, and the offer to refresh exactly those projects from their source. */
export function SelectionBar({ sourceId, sourceName, refresh, sourcesPath, keys, staleOf, starter, onStarted, onClear }: SelectionBarProps) {
  const [failure, setFailure] = useState<string | null>(null)
  const count = keys.size
  const tooMany = count > maxRunProjectKeys
  const projects = `${formatNumber(count)} project${count === 1 ? '' : 's'}`

  const start = async () => {
    setFailure(null)
    try {
      onStarted(await starter.start({ source: sourceId, project_keys: [...keys] }))
    } catch (error) {
      const { title, detail } = describeError(error)
      setFailure(`${title}. ${detail}`)
    }
  }

  return (
    <section className="selection-bar card" aria-labelledby="selection-title">
      <h2 id="selection-title" className="selection-title">
        {projects} selected from {sourceName}
      </h2>
      {refresh === 'export' ? (
        <p className="muted">
          {sourceName} publishes its data as export files: import its newest export on the <Link to={sourcesPath}>Sources</Link>{' '}
          page to refresh these cells.
        </p>
      ) : refresh === 'release' ? (
        <p className="muted">
          {sourceName} publishes its data as releases, and these cells are as old as the newest one imported: import a
          newer release on the <Link to={sourcesPath}>Sources</Link> page to refresh them.
        </p>
      ) : refresh === 'not-connected' ? (
        <p className="muted">
          {sourceName} is not connected on this machine, so a run would have nothing real to read. These cells come
          from Berkeley&apos;s registry database: import a newer release of it on the <Link to={sourcesPath}>Sources</Link>{' '}
          page to refresh them.
        </p>
      ) : tooMany ? (
        <p className="field-error">
          A run covers at most {formatNumber(maxRunProjectKeys)} projects. Narrow the map with the filters above, or
          select cells one by one with Shift+click.
        </p>
      ) : (
        <p className="muted">
          A run of {sourceName} for exactly these projects refreshes their cells.
          {staleOf !== undefined &&
            ` They are the ${formatNumber(count)} stalest of ${formatNumber(staleOf)} stale cells: a run covers at most ${formatNumber(maxRunProjectKeys)} projects, so the rest wait for the next.`}
        </p>
      )}
      <div className="selection-actions">
        {refresh === 'run' && (
          <button type="button" className="button-primary" disabled={tooMany} onClick={() => void start()}>
            Start a run for {projects}
          </button>
        )}
        <button type="button" onClick={onClear}>
          Clear selection
        </button>
        {starter.isPending && (
          <span role="status" className="muted">
            Starting the run…
          </span>
        )}
      </div>
      {failure && (
        <p role="alert" className="alert alert-error">
          {failure}
        </p>
      )}
    </section>
  )
}
