import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ShortlistSummary } from '../../../api/contract/shortlists'
import { formatUsd } from '../../../lib/format'
import { briefWords } from '../lib/brief-words'
import { DeleteShortlistQuestion } from './delete-shortlist'
import { ShortlistNameForm } from './shortlist-name-form'

/** A kept shortlist's link, by its name (or when it was made, until named), and the ways to name and delete it. */
export function KeptShortlistName({ shortlist, href, onDeleted }: { shortlist: ShortlistSummary; href: string; onDeleted: (label: string) => void }) {
  // The name's form: closed, open, or closed once saved or cancelled, when the button that opened it takes the focus
  // back (the form's own controls, which had it, are gone).
  const [naming, setNaming] = useState<'closed' | 'open' | 'done'>('closed')
  // The delete question: closed, open, or closed by Keep it, when Delete takes the focus back from it.
  const [question, setQuestion] = useState<'closed' | 'open' | 'kept'>('closed')
  const nameButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (naming === 'done') nameButton.current?.focus()
  }, [naming])
  useEffect(() => {
    if (question === 'kept') deleteButton.current?.focus()
  }, [question])
  if (naming === 'open') return <ShortlistNameForm id={shortlist.id} name={shortlist.name} onDone={() => setNaming('done')} />
  const label = shortlist.name ?? shortlist.id
  return (
    <>
      <span className="kept-shortlist-name">
        <Link to={href}>{shortlist.name ?? unnamedTitle(shortlist)}</Link>
        {shortlist.simulated && <span className="badge badge-warning">Simulated</span>}
        <code className="muted">{shortlist.id}</code>
        <button ref={nameButton} type="button" className="button-link" onClick={() => setNaming('open')}>
          {shortlist.name ? 'Rename' : 'Name it'} <span className="visually-hidden">({label})</span>
        </button>
        {question !== 'open' && (
          <button ref={deleteButton} type="button" className="button-link" onClick={() => setQuestion('open')}>
            Delete <span className="visually-hidden">({label})</span>
          </button>
        )}
      </span>
      {question === 'open' && <DeleteShortlistQuestion shortlist={shortlist} label={label} onKeep={() => setQuestion('kept')} onDeleted={() => onDeleted(label)} />}
    </>
  )
}

/**
 * An unnamed shortlist by what it asked: "$100,000 · Removals at least 60%". Named by when it was made, five briefs of
 * one afternoon read "Shortlist of Dec 1, 2026, 00:31 UTC" alike, beside a column saying the same time.
 */
const unnamedTitle = (shortlist: ShortlistSummary) => `${formatUsd(shortlist.brief.budget_usd)} · ${briefWords(shortlist.brief)}`
