import { RatingMethodPage } from '../../features/rating-method/components/rating-method-page'

export default function RatingMethodRoute() {
  return <RatingMethodPage />
}
