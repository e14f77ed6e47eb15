import { useParams } from 'react-router-dom'
import { ShortlistView } from '../../features/recommendations/components/shortlist-view'
import { paths } from '../paths'

export function RecommendationRoute() {
  const { id = '' } = useParams()
  return <ShortlistView key={id} id={id} links={paths} />
}
