import { useQueryClient } from '@tanstack/react-query'
import type { CreditFilter } from '../../../api/contract/credits'
import { CsvExport } from '../../../components/csv-export'
import { exportPageSize, fetchAllCredits } from '../api/fetch-all-credits'
import { creditsToCsv } from '../lib/credit-csv'

/** Every record the filter keeps, as CSV, not just the page on screen. */
export function ExportCredits({ filter, total }: { filter: CreditFilter; total: number }) {
  const queryClient = useQueryClient()
  return (
    <CsvExport
      noun="records"
      total={total}
      pageSize={exportPageSize}
      fileName="credence-credits"
      collect={async (options) => {
        const records = await fetchAllCredits(queryClient, filter, options)
        return { csv: creditsToCsv(records), count: records.length }
      }}
    />
  )
}
