import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '../../../api/client'
import { maxFileBytes } from '../../../api/contract/files'
import type { Source, SourceRun } from '../../../api/contract/sources'
import { Field } from '../../../components/field'
import { describeError } from '../../../api/error-message'
import { formatNumber } from '../../../lib/format'
import { formatBytes } from '../../../lib/format-bytes'
import { useFileImport } from '../api/use-file-import'
import type { RunStarter } from '../api/use-start-source-run'
import { endingsInWords, notImportable } from '../lib/file-types'
import { FileDropZone } from './file-drop-zone'
import { UploadProgressBar } from './upload-progress-bar'

interface FileImportFormProps {
  /** The sources whose connectors import files; at least one. */
  sources: Source[]
  starter: RunStarter
  onStarted: (run: SourceRun) => void
}

interface ImportErrors {
  file?: string
  asOf?: string
  form?: string
}

/** Where an error belongs: the file (too large, unreadable), the date, or the form as a whole. */
function placeError(error: unknown): ImportErrors {
  if (error instanceof DOMException && error.name === 'AbortError') return { form: 'The upload was cancelled. The file is still chosen.' }
  if (error instanceof ApiError) {
    if (error.status === 413) return { file: error.problem.detail || `The file is larger than the ${formatBytes(maxFileBytes)} the API accepts.` }
    const onDate = error.fieldErrors.find((fieldError) => fieldError.path.startsWith('as_of'))
    if (onDate) return { asOf: onDate.message }
    const onFile = error.fieldErrors.find((fieldError) => fieldError.path.startsWith('file'))
    if (onFile) return { file: onFile.message }
  }
  const { title, detail } = describeError(error)
  return { form: `${title}. ${detail}` }
}

/**
 * Imports a file (Berkeley's workbook or parquet, a registry's export) with a source's connector: the file is
 * uploaded with its progress shown, then the run starts and is followed like any other. On an error the file
 * stays chosen and the message sits by the control it concerns.
 */
export function FileImportForm({ sources, starter, onStarted }: FileImportFormProps) {
  const titleId = useId()
  const [source, setSource] = useState(sources[0]?.id ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [asOf, setAsOf] = useState('')
  const [errors, setErrors] = useState<ImportErrors>({})
  const form = useRef<HTMLFormElement>(null)
  // A refusal takes the keyboard to the control it concerns, as the run form's does, where it is read out with it;
  // it stayed on the Import button.
  useEffect(() => {
    const control = errors.file ? 'input[type="file"]' : errors.asOf ? 'input[type="date"]' : null
    if (control) form.current?.querySelector<HTMLElement>(control)?.focus()
  }, [errors])
  const { importFiles, cancel, phase, progress } = useFileImport(starter)
  const busy = phase !== 'idle'
  // Disabled while its files upload, the Import button lets go of the focus, which falls to the page: it takes it
  // back once the import has started (or failed), where the keyboard left off, unless a refusal gave it to a control.
  const importButton = useRef<HTMLButtonElement>(null)
  const wasBusy = useRef(false)
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body
    if (wasBusy.current && !busy && lost) importButton.current?.focus()
    wasBusy.current = busy
  }, [busy])
  const chosenSource = sources.find((candidate) => candidate.id === source)
  // A registry's export is several files, imported in one run; Berkeley's database is one.
  const multiple = chosenSource?.kind === 'registry'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (files.length === 0) return setErrors({ file: multiple ? 'Choose the export’s files to import.' : 'Choose the file to import.' })
    const unread = notImportable(files, multiple)
    if (unread) return setErrors({ file: `${unread.name} is not a file this import reads: choose ${multiple ? `${endingsInWords(true)} files` : `a ${endingsInWords(false)} file`}.` })
    const tooLarge = files.find((file) => file.size > maxFileBytes)
    if (tooLarge) {
      return setErrors({
        file: `${tooLarge.name} is ${formatNumber(tooLarge.size)} bytes, more than the ${formatBytes(maxFileBytes)} (${formatNumber(maxFileBytes)} bytes) the API takes.`,
      })
    }
    setErrors({})
    try {
      const run = await importFiles({ source, files, asOf })
      setFiles([])
      setAsOf('')
      onStarted(run)
    } catch (error) {
      setErrors(placeError(error))
    }
  }

  return (
    <form ref={form} className="file-import card" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>Import a file</h2>
      <p className="muted">
        Bring in data as analysts get it: Berkeley’s database as published (the Excel workbook, or the parquet), or a
        registry’s own export ({registryList(sources)}: its files, several at once) as CSV or a workbook; or a buyer’s
        quotes with the market source, one row per quote with the columns project_key, vintage, price_usd, quantity,
        supplier and valid_until. A file that is not what it claims fails its run and changes nothing.
      </p>
      {sources.length > 1 ? (
        <Field label="Import with">
          {(control) => (
            <select
              {...control}
              value={source}
              onChange={(event) => {
                setSource(event.target.value)
                // Files chosen for one source are not another's: a registry's export and Berkeley's file differ.
                setFiles([])
                setErrors({})
              }}
              disabled={busy}
            >
              {sources.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name} ({candidate.connector})
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <p className="file-import-source">
          Imported with <strong>{chosenSource?.name}</strong> (<code>{chosenSource?.connector}</code>).
        </p>
      )}
      <FileDropZone
        files={files}
        multiple={multiple}
        error={errors.file}
        disabled={busy}
        onChoose={(chosen) => {
          setFiles(chosen)
          setErrors({})
        }}
      />
      <Field
        label="Data as of (optional)"
        hint="The date the file’s figures describe. Left empty, it is read from the file’s name or contents, or else taken as the day of the upload."
        error={errors.asOf}
      >
        {(control) => (
          <input {...control} type="date" value={asOf} onChange={(event) => setAsOf(event.target.value)} disabled={busy} />
        )}
      </Field>
      {errors.form && (
        <p role="alert" className="alert alert-error">
          {errors.form}
        </p>
      )}
      {phase === 'uploading' && progress && <UploadProgressBar fileName={progress.fileName} progress={progress} />}
      <div className="run-form-actions">
        <button ref={importButton} type="submit" disabled={busy}>
          Import
        </button>
        {phase === 'uploading' && (
          <button type="button" onClick={cancel}>
            Cancel upload
          </button>
        )}
        <span className="muted" role="status">
          {phase === 'uploading' ? (files.length > 1 ? 'Uploading the files…' : 'Uploading the file…') : phase === 'starting' ? 'Starting the import…' : ''}
        </span>
      </div>
    </form>
  )
}

/** The registries whose exports this form imports, by name, from the sources themselves: a list written here went stale. */
function registryList(sources: readonly Source[]): string {
  const names = sources.filter((source) => source.kind === 'registry').map((source) => source.name)
  return names.length > 0 ? new Intl.ListFormat('en', { type: 'disjunction' }).format(names) : 'none is connected'
}
