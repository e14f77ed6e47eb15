import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { describeError } from '../../../api/error-message'
import { useDeleteShortlist } from '../api/use-delete-shortlist'

interface DeleteShortlistProps {
  shortlist: ShortlistSummary
  label: string
  /** Keep it, or Escape: the question closes and nothing is deleted. */
  onKeep: () => void
  onDeleted: () => void
}

/**
 * Asks before a kept shortlist is deleted: a link already sent stops opening it. A refusal is said beside the
 * question, which stays. Shown below the shortlist's name, not beside it, so its column keeps its width.
 */
export function DeleteShortlistQuestion({ shortlist, label, onKeep, onDeleted }: DeleteShortlistProps) {
  const remove = useDeleteShortlist()
  const problem = remove.error ? describeError(remove.error).detail : null
  return (
    <div className="delete-shortlist" role="group" aria-label={`Delete ${label}`} onKeyDown={(event) => event.key === 'Escape' && onKeep()}>
      <span>Delete it? Its link, pack and printed page stop working.</span>
      <button type="button" className="button-danger" disabled={remove.isPending} onClick={() => remove.mutate(shortlist.id, { onSuccess: onDeleted })}>
        Delete shortlist
      </button>
      <button type="button" autoFocus onClick={onKeep}>
        Keep it
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}
