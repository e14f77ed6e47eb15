import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { beneficiaryQueries } from '../../../api/queries/beneficiaries'
import { describeError } from '../../../api/error-message'
import { formatDateTime } from '../../../lib/format'
import { useUndoBeneficiaryDecision } from '../api/use-beneficiary-decision'

/**
 * Where no record resolves to a name because an analyst said it names no one, that decision and its undo: the
 * decision used to take the analyst to the Credits view, where nothing could undo it but the API.
 */
export function NamedNoOne({ name }: { name: string }) {
  const decisions = useQuery(beneficiaryQueries.decisionsAbout(name))
  const undo = useUndoBeneficiaryDecision()
  const decision = decisions.data?.data.find((d) => d.kind === 'no_one' && d.undone_at === null && d.names.includes(name))
  // Just decided on this page, the decision takes the focus of the button it replaced, which fell to the page's body.
  const location = useLocation()
  const navigate = useNavigate()
  const justDecided = (location.state as { namedNoOne?: string } | null)?.namedNoOne
  const said = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (decision === undefined || decision.id !== justDecided) return
    said.current?.focus()
    // Once: a reload, or back and forward to this entry, finds the page as any visit would.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [decision, justDecided, navigate, location.pathname, location.search])
  if (!decision) return null
  return (
    <div className="beneficiary-named-no-one" ref={said} tabIndex={-1}>
      <p>
        {decision.text}, {formatDateTime(decision.made_at)} <span className="muted">({decision.id})</span>. Its records name no one, and it has left
        the top retirers.
      </p>
      <button type="button" onClick={() => undo.mutate(decision.id)} disabled={undo.isPending} aria-label={`Undo: ${decision.text}`}>
        Undo
      </button>
      {undo.isError && (
        <p role="alert" className="field-error">
          {describeError(undo.error).detail}
        </p>
      )}
    </div>
  )
}
