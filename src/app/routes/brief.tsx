import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { recommendationQueries } from '../../api/queries/recommendations'
import { BriefSection } from '../../features/recommendations/components/brief-section'
import { briefSearchParams, formValuesFromSearchParams } from '../../features/recommendations/lib/brief-search-params'
import { useDocumentTitle } from '../../lib/use-document-title'
import { paths } from '../paths'

export default function BriefRoute() {
  useDocumentTitle('Recommend')
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  // Refining a shortlist: the new one opens compared with it.
  const refining = searchParams.get('refine')
  // Its name when its page was open in this tab (Refine brief there): reading it otherwise would load a shortlist's
  // schema into this route, which the brief alone needs none of.
  const refiningName = useQueryClient().getQueryData(recommendationQueries.detail(refining ?? '').queryKey)?.name
  return (
    <>
      <header className="page-header">
        <div>
          <h1>Find credits that fit your brief</h1>
          <p className="lede">
            Describe what you want to buy. Credence ranks the projects that fit by quality, co-benefits, price and
            data freshness, and explains every choice in a shortlist you can share.
          </p>
          {refining && (
            <p className="muted">
              Refining <Link to={paths.recommendation(refining)}>{refiningName ?? `shortlist ${refining}`}</Link>: the new shortlist will show
              what changed against it.
            </p>
          )}
        </div>
      </header>
      {/* A new brief in the URL (Refine brief, or Recommend in the header) starts the form over. */}
      <BriefSection
        key={searchParams.toString()}
        defaultValues={formValuesFromSearchParams(searchParams)}
        onCreated={(recommendation) => {
          // Back from the shortlist finds the brief as it was sent: this entry's URL takes the brief first.
          const sent = briefSearchParams(recommendation.brief)
          if (refining) sent.set('refine', refining)
          navigate({ search: `?${sent.toString()}` }, { replace: true })
          navigate(refining ? paths.refinedRecommendation(recommendation.id, refining) : paths.recommendation(recommendation.id))
        }}
      />
    </>
  )
}
