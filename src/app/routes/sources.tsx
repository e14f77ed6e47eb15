import { SourcesPage } from '../../features/sources/components/sources-page'
import { paths } from '../paths'

export default function SourcesRoute() {
  return <SourcesPage links={paths} />
}
