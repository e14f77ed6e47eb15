import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { formatDateTime } from '../../../lib/format'
import { DeleteShortlistQuestion } from './delete-shortlist'
import { ShortlistNameForm } from './shortlist-name-form'

/** A kept shortlist's link, by its name (or when it was made, until named), and the ways to name and delete it. */
export function KeptShortlistName({ shortlist, href, onDeleted }: { shortlist: ShortlistSummary; href: string; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false)
  const [asking, setAsking] = useState(false)
  // Kept, the shortlist's Delete takes the focus back from the question.
  const [keptIt, setKeptIt] = useState(false)
  const deleteButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (keptIt && !asking) deleteButton.current?.focus()
  }, [keptIt, asking])
  if (editing) return <ShortlistNameForm id={shortlist.id} name={shortlist.name} onDone={() => setEditing(false)} />
  const label = shortlist.name ?? shortlist.id
  return (
    <>
      <span className="kept-shortlist-name">
        <Link to={href}>{shortlist.name ?? `Shortlist of ${formatDateTime(shortlist.created_at)}`}</Link>
        {shortlist.simulated && <span className="badge badge-warning">Simulated</span>}
        <code className="muted">{shortlist.id}</code>
        <button type="button" className="button-link" onClick={() => setEditing(true)}>
          {shortlist.name ? 'Rename' : 'Name it'} <span className="visually-hidden">({label})</span>
        </button>
        {!asking && (
          <button ref={deleteButton} type="button" className="button-link" onClick={() => (setKeptIt(false), setAsking(true))}>
            Delete <span className="visually-hidden">({label})</span>
          </button>
        )}
      </span>
      {asking && <DeleteShortlistQuestion shortlist={shortlist} label={label} onKeep={() => (setKeptIt(true), setAsking(false))} onDeleted={onDeleted} />}
    </>
  )
}
