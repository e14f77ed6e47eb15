import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Recommendation } from '../../../api/contract/recommendations'
import { shortlistPackPath } from '../../../api/queries/shortlists'
import { FileDownloadLink } from '../../../components/file-download-link'
import { downloadCsv } from '../../../lib/csv'
import { refineSearchParams } from '../lib/brief-search-params'
import type { ShortlistLinks } from '../lib/links'
import { shortlistCsv, shortlistCsvFilename } from '../lib/shortlist-csv'
import { shortlistFileName } from '../../../lib/shortlist-file-name'

type Outcome = { kind: 'copied' } | { kind: 'copy-failed'; url: string } | { kind: 'exported' } | null

interface ShortlistActionsProps {
  recommendation: Recommendation
  links: ShortlistLinks
  /** The credit the CSV carries on each real project's row, when the catalogue holds real data. */
  attribution: string | null
  /** The shortlist the page compares this one with, when it shows the comparison. */
  comparedWithId?: string
}

/** Share, export, download the pack, print, or go back to the brief with everything filled in. */
export function ShortlistActions({ recommendation, links, attribution, comparedWithId }: ShortlistActionsProps) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  // The link shares the page as it reads: without `vs`, a colleague's copy lost the comparison with the previous shortlist.
  const sharedPath = comparedWithId ? links.refinedRecommendation(recommendation.id, comparedWithId) : links.recommendation(recommendation.id)
  const shareUrl = new URL(sharedPath, window.location.origin).href

  // The confirmation goes away after a while, so copying again is announced again.
  useEffect(() => {
    if (outcome?.kind !== 'copied' && outcome?.kind !== 'exported') return
    const timer = setTimeout(() => setOutcome(null), 5000)
    return () => clearTimeout(timer)
  }, [outcome])

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard access')
      await navigator.clipboard.writeText(shareUrl)
      setOutcome({ kind: 'copied' })
    } catch {
      setOutcome({ kind: 'copy-failed', url: shareUrl })
    }
  }

  function exportCsv() {
    downloadCsv(shortlistCsvFilename(recommendation), shortlistCsv(recommendation, attribution))
    setOutcome({ kind: 'exported' })
  }

  return (
    <div className="shortlist-actions no-print">
      <div className="actions">
        <button type="button" onClick={() => void copyLink()}>
          Copy link
        </button>
        {/* A shortlist of nothing has no rows to export; its pack and printed page still file the brief and why. */}
        {recommendation.items.length > 0 && (
          <button type="button" onClick={exportCsv}>
            Export CSV
          </button>
        )}
        <FileDownloadLink className="button" path={shortlistPackPath(recommendation.id)} fallbackName={shortlistFileName(recommendation, 'xlsx')} what="The pack">
          Download pack
        </FileDownloadLink>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
        <Link className="button" to={`${links.home()}?${refineSearchParams(recommendation)}`}>
          Refine brief
        </Link>
        <span role="status" className="action-status">
          {outcome?.kind === 'copied' && 'Link copied'}
          {outcome?.kind === 'exported' && `Saved ${shortlistCsvFilename(recommendation)}`}
          {outcome?.kind === 'copy-failed' && 'This browser did not allow copying; select the link below and copy it.'}
        </span>
      </div>
      {outcome?.kind === 'copy-failed' && (
        <p className="copy-fallback">
          <label htmlFor="share-link">Link to this shortlist</label>
          <input id="share-link" readOnly autoFocus value={outcome.url} onFocus={(event) => event.currentTarget.select()} />
        </p>
      )}
    </div>
  )
}
