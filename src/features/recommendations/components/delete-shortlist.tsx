import { useEffect, useRef, useState } from 'react'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { describeError } from '../../../api/error-message'
import { useDeleteShortlist } from '../api/use-delete-shortlist'

/**
 * Deletes a kept shortlist, once its maker has said so: a link already sent stops opening it, so the button first
 * asks, in place, and a refusal is said beside the question, which stays.
 */
export function DeleteShortlist({ shortlist, label }: { shortlist: ShortlistSummary; label: string }) {
  const [asking, setAsking] = useState(false)
  // Kept, the shortlist's Delete takes the focus back from the question that replaced it.
  const [keptIt, setKeptIt] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const remove = useDeleteShortlist()
  useEffect(() => {
    if (keptIt && !asking) deleteButton.current?.focus()
  }, [keptIt, asking])
  if (!asking)
    return (
      <button ref={deleteButton} type="button" className="button-link" onClick={() => (setKeptIt(false), setAsking(true))}>
        Delete <span className="visually-hidden">({label})</span>
      </button>
    )
  const problem = remove.error ? describeError(remove.error).detail : null
  return (
    <span className="delete-shortlist" role="group" aria-label={`Delete ${label}`}>
      <span>Delete it? Its link, pack and printed page stop working.</span>
      <button type="button" className="button-danger" disabled={remove.isPending} onClick={() => remove.mutate(shortlist.id)}>
        Delete shortlist
      </button>
      <button type="button" autoFocus onClick={() => (remove.reset(), setKeptIt(true), setAsking(false))}>
        Keep it
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  )
}
