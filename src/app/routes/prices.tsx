import { PriceLookup } from '../../features/prices/components/price-lookup'
import { paths } from '../paths'

export default function PricesRoute() {
  return <PriceLookup projectHref={paths.project} />
}
