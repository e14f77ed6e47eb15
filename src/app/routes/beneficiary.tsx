import { useParams } from 'react-router-dom'
import { BeneficiaryPage } from '../../features/beneficiaries/components/beneficiary-page'
import { paths } from '../paths'

export default function BeneficiaryRoute() {
  // The splat takes the whole name, a slash in it included ("King/Marais Family").
  const name = useParams()['*'] ?? ''
  // Keyed by the name, so going from one beneficiary to another starts the page afresh.
  return <BeneficiaryPage key={name} name={name} links={paths} />
}
