import { useEffect, useId, useState } from 'react'

interface ProjectSearchBoxProps {
  value: string
  onCommit: (q: string) => void
}

const debounceMs = 300

/**
 * The text search. What is typed shows at once; it reaches the URL (and the API) once typing pauses, so one
 * word is one history entry, not one per letter.
 */
export function ProjectSearchBox({ value, onCommit }: ProjectSearchBoxProps) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const [committed, setCommitted] = useState(value)
  // Back, forward or "Clear filters" change the URL under the box: show what the URL now says.
  if (value !== committed) {
    setCommitted(value)
    if (value !== draft.trim()) setDraft(value)
  }

  useEffect(() => {
    if (draft.trim() === committed.trim()) return
    const timer = setTimeout(() => onCommit(draft.trim()), debounceMs)
    return () => clearTimeout(timer)
  }, [draft, committed, onCommit])

  return (
    <form
      role="search"
      className="project-search"
      onSubmit={(event) => {
        event.preventDefault()
        onCommit(draft.trim())
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
        onChange={(event) => setDraft(event.target.value)}
      />
    </form>
  )
}
