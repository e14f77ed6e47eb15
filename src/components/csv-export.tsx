import { useRef, useState } from 'react'
import { describeError } from '../api/error-message'
import { downloadCsv } from '../lib/csv'
import { formatNumber } from '../lib/format'
import './csv-export.css'

/** Told how far the export got, so a large one shows its progress. */
export type ExportProgress = (loaded: number, total: number) => void

interface CsvExportProps {
  /** What is exported, in the plural: "projects", "records". */
  noun: string
  total: number
  /** Below this many rows the export is one request, shown without a progress bar. */
  pageSize: number
  /** The file's name without the date and extension: `credence-projects` → `credence-projects-2026-11-25.csv`. */
  fileName: string
  /** Fetches every row and writes them as CSV text, stopping when the signal says so. */
  collect: (options: { signal: AbortSignal; onProgress: ExportProgress }) => Promise<{ csv: string; count: number }>
}

type ExportState =
  | { phase: 'idle'; message?: string }
  | { phase: 'running'; loaded: number; total: number }
  | { phase: 'failed'; message: string }

/** Exports the whole filtered result, not just the page on screen; a large one shows progress and can be stopped. */
export function CsvExport({ noun, total, pageSize, fileName, collect }: CsvExportProps) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)

  async function start() {
    const abort = new AbortController()
    controller.current = abort
    setState({ phase: 'running', loaded: 0, total })
    try {
      const { csv, count } = await collect({ signal: abort.signal, onProgress: (loaded, all) => setState({ phase: 'running', loaded, total: all }) })
      downloadCsv(`${fileName}-${new Date().toISOString().slice(0, 10)}.csv`, csv)
      setState({ phase: 'idle', message: `Exported ${formatNumber(count)} ${noun}.` })
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'idle', message: 'Export cancelled; nothing was saved.' })
      else setState({ phase: 'failed', message: `The export stopped: ${describeError(error).detail}` })
    } finally {
      controller.current = null
    }
  }

  const running = state.phase === 'running'
  return (
    <div className="csv-export">
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
        {running && state.total > pageSize && (
          <>
            <progress value={state.loaded} max={state.total} aria-label="Export progress" />
            <span>
              Exporting {formatNumber(state.loaded)} of {formatNumber(state.total)} {noun}…
            </span>
          </>
        )}
        {running && state.total <= pageSize && <span>Exporting…</span>}
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
