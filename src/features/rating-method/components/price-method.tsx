import type { PriceMethod } from '../../../api/contract/rating-method'
import { CitationLinks } from '../../../components/citation-links'
import { formatUsd } from '../../../lib/format'
import { MethodRules, onThisPage } from './method-rules'
import { ScrollingTable } from '../../../components/scrolling-table'

/** How a price no one quoted is estimated: the bands by type as a table, then what moves an estimate. */
export function PriceMethodSection({ method }: { method: PriceMethod }) {
  return (
    <section aria-labelledby="method-prices-title">
      <h2 id="method-prices-title">How prices are estimated</h2>
      <p>
        Version <code>{method.version}</code>. {method.description} The bands rest on <CitationLinks ids={method.citations} href={onThisPage} />.
      </p>
      <ScrollingTable label="Price bands by project type">
        <table className="method-findings">
          <caption>Price bands by project type, USD per tCO2e</caption>
          <thead>
            <tr>
              <th scope="col">Types</th>
              <th scope="col" className="numeric">
                Low
              </th>
              <th scope="col" className="numeric">
                Estimate
              </th>
              <th scope="col" className="numeric">
                High
              </th>
            </tr>
          </thead>
          <tbody>
            {method.bands.map((band) => (
              <tr key={band.types.join('|')}>
                <th scope="row">{band.types.join(', ')}</th>
                <td className="numeric">{formatUsd(band.low)}</td>
                <td className="numeric">{formatUsd(band.typical)}</td>
                <td className="numeric">{formatUsd(band.high)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Any other type</th>
              <td className="numeric">{formatUsd(method.other_types.low)}</td>
              <td className="numeric">{formatUsd(method.other_types.typical)}</td>
              <td className="numeric">{formatUsd(method.other_types.high)}</td>
            </tr>
          </tbody>
        </table>
      </ScrollingTable>
      <MethodRules rules={method.adjustments} />
    </section>
  )
}
