import { KeptShortlistsPage } from '../../features/recommendations/components/kept-shortlists-page'
import { paths } from '../paths'

export default function ShortlistsRoute() {
  return <KeptShortlistsPage links={paths} />
}
