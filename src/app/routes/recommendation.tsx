import { useParams, useSearchParams } from 'react-router-dom'
import { ShortlistView } from '../../features/recommendations/components/shortlist-view'

export function RecommendationRoute() {
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  return <ShortlistView key={id} id={id} previousId={searchParams.get('vs') || undefined} />
}
