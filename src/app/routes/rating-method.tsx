import { RatingMethodPage } from '../../features/projects/components/rating-method-page'

export function RatingMethodRoute() {
  return <RatingMethodPage />
}
