import { useSearchParams } from 'react-router-dom'
import { ComparePage } from '../../features/compare/components/compare-page'
import { paths } from '../paths'

export default function CompareRoute() {
  const [searchParams] = useSearchParams()
  return <ComparePage rawKeys={searchParams.get('keys')} links={paths} />
}
