import { useEffect, useId, useState } from 'react'
import { formatNumber } from '../../../lib/format'
import { maxSearchChars } from '../../../api/contract/projects'
import { searchTooLong } from '../lib/browser-search'

interface ProjectSearchBoxProps {
  value: string
  onCommit: (q: string) => void
  /** Told whether what is typed is too long to search, so the results say so rather than show another search. */
  onTooLong: (tooLong: boolean) => void
}

const debounceMs = 300

/**
 * The text search. What is typed shows at once; it reaches the URL (and the API) once typing pauses, so one
 * word is one history entry, not one per letter. A search longer than the API takes is kept as typed, said so
 * beside the box, and not sent.
 */
export function ProjectSearchBox({ value, onCommit, onTooLong }: ProjectSearchBoxProps) {
  const id = useId()
  const errorId = useId()
  const [draft, setDraft] = useState(value)
  const [committed, setCommitted] = useState(value)
  // Back, forward or "Clear filters" change the URL under the box: show what the URL now says.
  if (value !== committed) {
    setCommitted(value)
    if (value !== draft.trim()) setDraft(value)
  }

  const tooLong = searchTooLong(draft.trim())
  useEffect(() => onTooLong(tooLong), [tooLong, onTooLong])

  useEffect(() => {
    if (tooLong || draft.trim() === committed.trim()) return
    const timer = setTimeout(() => onCommit(draft.trim()), debounceMs)
    return () => clearTimeout(timer)
  }, [draft, committed, onCommit, tooLong])

  return (
    <form
      role="search"
      className="project-search"
      onSubmit={(event) => {
        event.preventDefault()
        if (!tooLong) onCommit(draft.trim())
      }}
    >
      <label htmlFor={id}>Search</label>
      <input
        id={id}
        type="search"
        name="q"
        value={draft}
        placeholder="Key or name, e.g. VCS191"
        autoComplete="off"
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      {tooLong && (
        <p id={errorId} role="alert" className="field-error">
          A search is at most {maxSearchChars} characters; this one has {formatNumber(draft.trim().length)}.
        </p>
      )}
    </form>
  )
}
