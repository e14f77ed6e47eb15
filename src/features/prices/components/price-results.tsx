import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { catalogueQueries } from '../../../api/queries/catalogue'
import { estimateSells } from '../../../api/pre-paris'
import { QueryError } from '../../../components/query-error'
import { TableSkeleton } from '../../../components/skeleton'
import { downloadCsv } from '../../../lib/csv'
import { formatDateTime, formatNumber, formatUnitPrice } from '../../../lib/format'
import type { PriceLookupResult } from '../api/use-price-lookup'
import { pricesToCsv } from '../lib/price-csv'
import { KeyList } from './key-list'
import { credenceKey } from '../../../api/key-spellings'
import { PriceBasisNote } from '../../../components/price-basis-note'
import { ScrollingTable } from '../../../components/scrolling-table'

interface PriceResultsProps {
  keys: readonly string[]
  lookup: PriceLookupResult
  projectHref: (key: string) => string
}

export function PriceResults({ keys, lookup, projectHref }: PriceResultsProps) {
  const { priced, unknown, unpriced, pending, errors } = lookup
  const settled = pending === 0
  const respelled = keys.flatMap((key) => (credenceKey(key).toUpperCase() === key.toUpperCase() ? [] : [[key, credenceKey(key).toUpperCase()] as const]))
  const attribution = useQuery(catalogueQueries.summary()).data?.attribution ?? null
  return (
    <section className="price-results" aria-labelledby="price-results-heading" aria-busy={!settled || undefined}>
      <div className="price-results-head">
        <h2 id="price-results-heading">Prices</h2>
        <button
          type="button"
          disabled={!settled}
          onClick={() =>
            downloadCsv(`credence-prices-${new Date().toISOString().slice(0, 10)}.csv`, pricesToCsv(priced, unknown, unpriced, attribution))
          }
        >
          Export CSV
        </button>
      </div>
      <p role="status" className="price-summary">
        {settled
          ? `${formatNumber(keys.length)} ${keys.length === 1 ? 'key' : 'keys'}: ${summaryParts(priced.length, unpriced.length, unknown.length)}.`
          : `Looking up ${formatNumber(keys.length)} keys…`}
      </p>
      {respelled.length > 0 && (
        // OffsetsDB's GLD12285 is answered under GS12285: the typed key is named beside the one it was read as.
        <p className="muted">
          Read as Credence writes them: {respelled.map(([typed, read]) => `${typed} as ${read}`).join(', ')}.
        </p>
      )}
      {errors.length > 0 && (
        <QueryError error={errors[0]} what={`prices for ${formatNumber(errors.length)} keys`} onRetry={lookup.retry} />
      )}
      {!settled ? (
        <TableSkeleton rows={Math.min(8, pending)} cols={6} label="Looking up prices…" />
      ) : (
        priced.length > 0 && (
          <ScrollingTable label="Spot prices, scrollable">
            <table className="price-table cards-on-phone">
              <caption className="visually-hidden">Spot prices</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Project</th>
                  <th scope="col" className="numeric">Price</th>
                  <th scope="col" className="numeric">On sale (t)</th>
                  <th scope="col">Currency</th>
                  <th scope="col">Unit</th>
                  <th scope="col">As of</th>
                  <th scope="col">Source</th>
                </tr>
              </thead>
              <tbody>
                {priced.map((price) => (
                  <tr key={price.key}>
                    <th scope="row">
                      <Link to={projectHref(price.key)}>{price.key}</Link>
                    </th>
                    <td className="price-project-name card-wide" data-label="Project">
                      {price.name}
                    </td>
                    <td className="numeric" data-label="Price">
                      {formatUnitPrice(price.value)}
                      <PriceBasisNote price={price} />
                    </td>
                    <td className="numeric" data-label="On sale (t)">
                      <OnSale tonnes={price.on_sale} />
                    </td>
                    <td data-label="Currency">{price.currency}</td>
                    <td data-label="Unit">{price.unit}</td>
                    <td data-label="As of">{formatDateTime(price.as_of)}</td>
                    <td data-label="Source">
                      {price.source}
                      {price.simulated && <span className="badge badge-warning price-simulated">Simulated</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        )
      )}
      {priced.some((price) => price.basis === 'estimate') && (
        // CCB16's 7,487,578 on sale stood beside its page's 12,649,577 remaining, with nothing to say why.
        <p className="muted price-on-sale-note">
          On sale is what the price sells, which may be less than a project&apos;s remaining: an estimate prices the newest
          vintage left and sells {estimateSells}.
        </p>
      )}
      {settled && (
        <div className="price-missing">
          <KeyList title="Not priced yet" keys={unpriced} projectHref={projectHref}>
            Known projects with no price, quoted or estimated: nothing of theirs trades, as they have issued no credits
            or are not registered (in the pipeline, or inactive). Each project’s page says which.
          </KeyList>
          <KeyList title="Unknown keys" keys={unknown}>
            No project has these keys. Check them against the registry.
          </KeyList>
        </div>
      )}
    </section>
  )
}

/** What the price sells: none left reads as such, since the price is then only what its credits would fetch. */
function OnSale({ tonnes }: { tonnes: number | undefined }) {
  if (tonnes === undefined) return <span className="muted">Not given</span>
  if (tonnes === 0) return <span className="muted">None left</span>
  return <>{formatNumber(tonnes)}</>
}

/** What the keys came to, each kind that any key is: "6 keys: 6 priced, 0 not priced yet, 0 unknown" listed nothing twice. */
function summaryParts(priced: number, unpriced: number, unknown: number): string {
  const parts: [number, string][] = [
    [priced, 'priced'],
    [unpriced, 'not priced yet'],
    [unknown, 'unknown'],
  ]
  const some = parts.filter(([count]) => count > 0)
  return (some.length > 0 ? some : parts).map(([count, what]) => `${formatNumber(count)} ${what}`).join(', ')
}
