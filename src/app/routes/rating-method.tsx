import { RatingMethodPage } from '../../features/rating-method/components/rating-method-page'

export function RatingMethodRoute() {
  return <RatingMethodPage />
}
