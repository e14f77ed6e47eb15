import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { ProjectFilters } from '../../../api/contract/projects'
import { downloadCsv } from '../../../lib/csv'
import { describeError } from '../../../api/error-message'
import { formatNumber } from '../../../lib/format'
import { exportPageSize, fetchAllProjects } from '../api/fetch-all-projects'
import { projectsToCsv } from '../lib/project-csv'

interface ExportProjectsProps {
  filters: ProjectFilters
  sort: string
  total: number
}

type ExportState =
  | { phase: 'idle'; message?: string }
  | { phase: 'running'; loaded: number; total: number }
  | { phase: 'failed'; message: string }

/** Exports the whole filtered result, not just the page on screen; a large one shows progress and can be stopped. */
export function ExportProjects({ filters, sort, total }: ExportProjectsProps) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)

  async function start() {
    const abort = new AbortController()
    controller.current = abort
    setState({ phase: 'running', loaded: 0, total })
    try {
      const projects = await fetchAllProjects(queryClient, filters, sort, {
        signal: abort.signal,
        onProgress: (loaded, all) => setState({ phase: 'running', loaded, total: all }),
      })
      downloadCsv(`credence-projects-${new Date().toISOString().slice(0, 10)}.csv`, projectsToCsv(projects))
      setState({ phase: 'idle', message: `Exported ${formatNumber(projects.length)} projects.` })
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'idle', message: 'Export cancelled; nothing was saved.' })
      else setState({ phase: 'failed', message: `The export stopped: ${describeError(error).detail}` })
    } finally {
      controller.current = null
    }
  }

  const running = state.phase === 'running'
  return (
    <div className="export-projects">
      {running ? (
        <button type="button" onClick={() => controller.current?.abort()}>
          Cancel export
        </button>
      ) : (
        <button type="button" onClick={() => void start()} disabled={total === 0}>
          Export CSV
        </button>
      )}
      <div role="status" className="export-status">
        {running && state.total > exportPageSize && (
          <>
            <progress value={state.loaded} max={state.total} aria-label="Export progress" />
            <span>
              Exporting {formatNumber(state.loaded)} of {formatNumber(state.total)} projects…
            </span>
          </>
        )}
        {running && state.total <= exportPageSize && <span>Exporting…</span>}
        {state.phase === 'idle' && state.message && <span>{state.message}</span>}
      </div>
      {state.phase === 'failed' && (
        <p role="alert" className="field-error">
          {state.message}
        </p>
      )}
    </div>
  )
}
