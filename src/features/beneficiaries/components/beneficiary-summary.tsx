import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Beneficiary } from '../../../api/contract/beneficiaries'
import { CsvExport } from '../../../components/csv-export'
import { formatDateSpan, formatNumber } from '../../../lib/format'
import { fetchRetiredRecords, recordsPageSize } from '../api/fetch-retired-records'
import type { BeneficiaryLinks } from '../lib/links'
import { retiredRecordsToCsv } from '../lib/retired-records-csv'

/** What was retired for the beneficiary in all, over which days, and its every record as CSV. */
export function BeneficiarySummary({ beneficiary, links }: { beneficiary: Beneficiary; links: BeneficiaryLinks }) {
  const queryClient = useQueryClient()
  const slug = beneficiary.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'beneficiary'
  return (
    <section className="card beneficiary-summary" aria-labelledby="beneficiary-summary-title">
      <h2 id="beneficiary-summary-title" className="visually-hidden">
        In all
      </h2>
      <dl className="beneficiary-figures">
        <div>
          <dt>Credits retired (tCO2e)</dt>
          <dd data-testid="beneficiary-quantity">{formatNumber(beneficiary.quantity, 3)}</dd>
        </div>
        <div>
          <dt>Records</dt>
          <dd>{formatNumber(beneficiary.records)}</dd>
        </div>
        <div>
          <dt>Projects</dt>
          <dd>{formatNumber(beneficiary.projects)}</dd>
        </div>
        <div>
          <dt>Retired</dt>
          <dd>{beneficiary.first_date ? formatDateSpan(beneficiary.first_date, beneficiary.last_date) : 'No dates given'}</dd>
        </div>
      </dl>
      <div className="beneficiary-summary-actions">
        <Link to={links.creditsRetiredFor(beneficiary.name)}>Its records in Credits</Link>
        <CsvExport
          noun="records"
          total={beneficiary.records}
          pageSize={recordsPageSize}
          fileName={`credence-retired-for-${slug}`}
          collect={async (options) => {
            const records = await fetchRetiredRecords(queryClient, beneficiary.name, options)
            return { csv: retiredRecordsToCsv(records), count: records.length }
          }}
        />
      </div>
    </section>
  )
}
