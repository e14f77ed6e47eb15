import { Link } from 'react-router-dom'
import { EmptyState } from '../../components/empty-state'
import { useDocumentTitle } from '../../lib/use-document-title'
import { paths } from '../paths'

export default function NotFoundRoute() {
  useDocumentTitle('Page not found')
  return (
    <EmptyState headingLevel="h1" title="Page not found" action={<Link to={paths.home()}>Go to recommendations</Link>}>
      <p>There is no page at this address. Check the link, or start from one of the sections above.</p>
    </EmptyState>
  )
}
