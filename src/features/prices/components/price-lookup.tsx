import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { usePriceLookup } from '../api/use-price-lookup'
import { bareNumberHint, readTypedKeys } from '../../../api/typed-keys'
import { maxLookupKeys } from '../lib/price-lookup-schema'
import { PriceLookupForm } from './price-lookup-form'
import { PriceResults } from './price-results'
import './price-lookup.css'

/** What a lookup that asks nothing looks up: one array, so the lookup's answer stays the same from render to render. */
const noKeys: readonly string[] = []

interface PriceLookupProps {
  projectHref: (key: string) => string
}

/**
 * Batch price lookup; the keys live in the URL (`?keys=VCS191,GS337`) so a lookup can be shared. The commas are
 * written as they are (a key holds no character that needs escaping), so the link reads as it was typed.
 */
export function PriceLookup({ projectHref }: PriceLookupProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const fromUrl = useMemo(() => readTypedKeys(params.get('keys') ?? ''), [params])
  // A link may name more keys than the form lets anyone look up at once: it looks nothing up, and the form says why
  // beside the keys, which it holds for the reader to cut down.
  const tooMany = fromUrl.keys.length > maxLookupKeys
  const lookup = usePriceLookup(tooMany ? noKeys : fromUrl.keys)
  // Once a lookup is refused, the last one's prices no longer answer the keys above them ("3 keys: 0 priced" under
  // a list of 1,001): they are set aside until a lookup is made, or the address moves (back, forward).
  const [refusedAt, setRefusedAt] = useState<string | null>(null)
  const refused = refusedAt === params.toString()

  return (
    <div className="price-lookup">
      <h1>Price lookup</h1>
      <p className="muted">Spot prices in US dollars per tonne of CO₂e for many projects at once.</p>
      <PriceLookupForm
        keys={fromUrl.keys}
        onLookup={(keys) => {
          setRefusedAt(null)
          navigate({ search: `?keys=${keys.join(',')}` })
        }}
        onRefused={() => setRefusedAt(params.toString())}
      />
      {fromUrl.invalid.length > 0 && (
        <p className="alert alert-warning">
          The link held text that is not a project key, left out of the lookup: {fromUrl.invalid.join(', ')}.
          {bareNumberHint(fromUrl.invalid)}
        </p>
      )}
      {fromUrl.keys.length > 0 && !tooMany && !refused && <PriceResults keys={fromUrl.keys} lookup={lookup} projectHref={projectHref} />}
    </div>
  )
}
