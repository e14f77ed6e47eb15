import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { maxFileBytes } from '../../../api/contract/files'
import { formatBytes } from '../../../lib/format-bytes'
import { acceptAttribute, endingsInWords } from '../lib/file-types'

interface FileDropZoneProps {
  files: File[]
  /** Several files at once: a registry's export is several. */
  multiple?: boolean
  error?: string
  disabled?: boolean
  onChoose: (files: File[]) => void
}

/**
 * A file picker (the browser's own control: labelled, reached with Tab, opened with Enter or Space) inside an
 * area that also takes files dropped on it. The chosen files are named beside it and stay chosen after an error.
 */
export function FileDropZone({ files, multiple = false, error, disabled = false, onChoose }: FileDropZoneProps) {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const chosenId = `${inputId}-chosen`
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  // Once the import has started, the form lets the files go; the picker follows.
  const chosen = files.length > 0
  useEffect(() => {
    if (!chosen && input.current) input.current.value = ''
  }, [chosen])

  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent) => {
    setDragging(false)
    const dropped = [...event.dataTransfer.files].slice(0, multiple ? undefined : 1)
    if (disabled || dropped.length === 0) return
    event.preventDefault()
    // The picker shows the dropped files too, so what it says and what will be sent agree.
    if (input.current && (multiple || event.dataTransfer.files.length === 1)) input.current.files = event.dataTransfer.files
    onChoose(dropped)
  }

  return (
    <div
      className={['file-drop-zone', dragging && 'file-drop-zone-active', error && 'file-drop-zone-invalid'].filter(Boolean).join(' ')}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId}>{multiple ? 'Files to import' : 'File to import'}</label>
      <p id={hintId} className="field-hint">
        {multiple
          ? `Drop the export's files here, or choose them (projects, issuances, retirements and, where the registry publishes them apart, cancellations): ${endingsInWords(true)}, each up to ${formatBytes(maxFileBytes)}.`
          : `Drop the file here, or choose it: ${endingsInWords(false)}, up to ${formatBytes(maxFileBytes)}.`}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={acceptAttribute(multiple)}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, chosen ? chosenId : null, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])]
          if (picked.length > 0) onChoose(picked)
        }}
      />
      {chosen && (
        <p id={chosenId} className="file-chosen">
          Chosen:{' '}
          {files.map((file, index) => (
            <span key={`${file.name}-${index}`}>
              {index > 0 && ', '}
              <strong>{file.name}</strong> ({formatBytes(file.size)})
            </span>
          ))}
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
