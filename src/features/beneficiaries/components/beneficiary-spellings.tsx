import type { Beneficiary } from '../../../api/contract/beneficiaries'
import { formatNumber } from '../../../lib/format'
import { ScrollingTable } from '../../../components/scrolling-table'

/** The raw strings that resolved to the beneficiary, as the registries wrote them, each with why it did. */
export function BeneficiarySpellings({ beneficiary }: { beneficiary: Beneficiary }) {
  return (
    <section className="card" aria-labelledby="beneficiary-spellings-title">
      <h2 id="beneficiary-spellings-title">As the registries wrote it</h2>
      <ScrollingTable label="Raw strings, scrollable">
        <table className="beneficiary-spellings">
          <caption className="visually-hidden">The raw strings that resolved to {beneficiary.name}, most credits first</caption>
          <thead>
            <tr>
              <th scope="col">Raw string, and why it resolved here</th>
              <th scope="col">Field</th>
              <th scope="col" className="numeric">
                Records
              </th>
              <th scope="col" className="numeric">
                Credits (tCO2e)
              </th>
            </tr>
          </thead>
          <tbody>
            {beneficiary.spellings.map((spelling) => (
              <tr key={`${spelling.field}:${spelling.text}`}>
                <th scope="row">
                  <span className="beneficiary-spelling">{spelling.text}</span>
                  <span className="beneficiary-why">{spelling.why}</span>
                </th>
                <td>{spelling.field}</td>
                <td className="numeric">{formatNumber(spelling.records)}</td>
                <td className="numeric">{formatNumber(spelling.quantity, 3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  )
}
