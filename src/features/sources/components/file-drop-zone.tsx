import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { maxFileBytes } from '../../../api/contract/files'
import { formatBytes } from '../../../lib/format'

interface FileDropZoneProps {
  file: File | null
  error?: string
  disabled?: boolean
  onChoose: (file: File) => void
}

/**
 * A file picker (the browser's own control: labelled, reached with Tab, opened with Enter or Space) inside an
 * area that also takes a file dropped on it. The chosen file is named beside it and stays chosen after an error.
 */
export function FileDropZone({ file, error, disabled = false, onChoose }: FileDropZoneProps) {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const chosenId = `${inputId}-chosen`
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  // Once the import has started, the form lets the file go; the picker follows.
  useEffect(() => {
    if (!file && input.current) input.current.value = ''
  }, [file])

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (disabled || !dropped) return
    event.preventDefault()
    // The picker shows the dropped file too, so what it says and what will be sent agree.
    if (input.current) input.current.files = event.dataTransfer.files
    onChoose(dropped)
  }

  return (
    <div
      className={['file-drop-zone', dragging && 'file-drop-zone-active', error && 'file-drop-zone-invalid'].filter(Boolean).join(' ')}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId}>File to import</label>
      <p id={hintId} className="field-hint">
        Drop the file here, or choose it: .xlsx, .parquet or .csv, up to {formatBytes(maxFileBytes)}.
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".xlsx,.parquet,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, file ? chosenId : null, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          if (chosen) onChoose(chosen)
        }}
      />
      {file && (
        <p id={chosenId} className="file-chosen">
          Chosen: <strong>{file.name}</strong> ({formatBytes(file.size)})
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
