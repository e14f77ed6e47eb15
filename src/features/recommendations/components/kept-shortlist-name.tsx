import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { formatDateTime } from '../../../lib/format'
import { DeleteShortlistQuestion } from './delete-shortlist'
import { ShortlistNameForm } from './shortlist-name-form'

/** A kept shortlist's link, by its name (or when it was made, until named), and the ways to name and delete it. */
export function KeptShortlistName({ shortlist, href, onDeleted }: { shortlist: ShortlistSummary; href: string; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false)
  // The delete question: closed, open, or closed by Keep it, when Delete takes the focus back from it.
  const [question, setQuestion] = useState<'closed' | 'open' | 'kept'>('closed')
  const deleteButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (question === 'kept') deleteButton.current?.focus()
  }, [question])
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
        {question !== 'open' && (
          <button ref={deleteButton} type="button" className="button-link" onClick={() => setQuestion('open')}>
            Delete <span className="visually-hidden">({label})</span>
          </button>
        )}
      </span>
      {question === 'open' && <DeleteShortlistQuestion shortlist={shortlist} label={label} onKeep={() => setQuestion('kept')} onDeleted={onDeleted} />}
    </>
  )
}
