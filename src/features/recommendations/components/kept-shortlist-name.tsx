import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { formatDateTime } from '../../../lib/format'
import { DeleteShortlist } from './delete-shortlist'
import { ShortlistNameForm } from './shortlist-name-form'

/** A kept shortlist's link, by its name (or when it was made, until named), and the way to name it. */
export function KeptShortlistName({ shortlist, href }: { shortlist: ShortlistSummary; href: string }) {
  const [editing, setEditing] = useState(false)
  if (editing) return <ShortlistNameForm id={shortlist.id} name={shortlist.name} onDone={() => setEditing(false)} />
  return (
    <span className="kept-shortlist-name">
      <Link to={href}>{shortlist.name ?? `Shortlist of ${formatDateTime(shortlist.created_at)}`}</Link>
      {shortlist.simulated && <span className="badge badge-warning">Simulated</span>}
      <code className="muted">{shortlist.id}</code>
      <button type="button" className="button-link" onClick={() => setEditing(true)}>
        {shortlist.name ? 'Rename' : 'Name it'} <span className="visually-hidden">({shortlist.name ?? shortlist.id})</span>
      </button>
      <DeleteShortlist shortlist={shortlist} label={shortlist.name ?? shortlist.id} />
    </span>
  )
}
