import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { BeneficiaryPage } from '../../features/beneficiaries/components/beneficiary-page'
import { paths } from '../paths'

export default function BeneficiaryRoute() {
  // The splat takes the whole name, a slash in it included ("King/Marais Family").
  const name = useParams()['*'] ?? ''
  const navigate = useNavigate()
  // An address with no name is a reader looking for beneficiaries: the Credits view lists the top retirers.
  const unnamed = name.trim() === ''
  useEffect(() => {
    if (unnamed) void navigate(paths.credits(), { replace: true })
  }, [unnamed, navigate])
  if (unnamed) return null
  // Keyed by the name, so going from one beneficiary to another starts the page afresh.
  return <BeneficiaryPage key={name} name={name} links={paths} />
}
