import { CreditsPage } from '../../features/credits/components/credits-page'
import { paths } from '../paths'

export default function CreditsRoute() {
  return <CreditsPage links={paths} />
}
