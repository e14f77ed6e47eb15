import { useParams } from 'react-router-dom'
import { SourceRunPage } from '../../features/sources/components/source-run-page'
import { paths } from '../paths'

export default function SourceRunRoute() {
  const { id = '' } = useParams()
  return <SourceRunPage key={id} runId={id} links={paths} />
}
