import { useParams, useSearchParams } from 'react-router-dom'
import { ShortlistView } from '../../features/recommendations/components/shortlist-view'
import { paths } from '../paths'

export default function RecommendationRoute() {
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  return <ShortlistView key={id} id={id} links={paths} previousId={searchParams.get('vs') || undefined} />
}
