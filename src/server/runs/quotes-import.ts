import { createHash } from 'node:crypto'
import { upsertCoverage } from '../db/queries/coverage'
import { replaceQuotes } from '../db/queries/price-quotes'
import { projectsNamed } from '../db/queries/run-reads'
import type { ScopedDb } from '../db/queries/scoped'
import type { Dataset, NewPriceQuote } from '../db/schema'
import type { QuoteLine } from '../pricing/quotes-file'
import type { SkippedRow } from '../importers/registry/registry-record'
import type { RunSkippedRow } from '../../api/contract/sources'
import { ConnectorError, runCounts, type RunPlan } from './connector'

export interface QuotesImport {
  quotes: readonly QuoteLine[]
  skipped: readonly SkippedRow[]
  file: string
  sourceId: string
  runId: string
  now: Date
}

/**
 * Plans a buyer's quotes file: each quote of a known project stored, replacing the source's quotes before it; a
 * key no project has is skipped with its row. A live quote then prices its project in place of the estimate
 * (catalogue/load.ts), and caps what a shortlist buys of it at the quoted quantity.
 */
export async function planQuotesImport(db: ScopedDb, dataset: Dataset, input: QuotesImport): Promise<RunPlan> {
  const { file, sourceId, runId, now } = input
  // Only the projects the file names are looked up, not every project's facts.
  const named = await projectsNamed(db, [...new Set(input.quotes.map((quote) => quote.projectKey))])
  const projectOf = new Map([...named].map(([key, { id }]) => [key, id]))
  const skipped: SkippedRow[] = [...input.skipped]
  const rows: NewPriceQuote[] = []
  for (const quote of input.quotes) {
    const projectId = projectOf.get(quote.projectKey)
    if (!projectId) {
      skipped.push({ row: quote.row, reason: `${quote.projectKey} is not a project in this catalogue` })
      continue
    }
    rows.push({
      id: createHash('sha1').update(`${runId}:${quote.row}`).digest('base64url'),
      project_id: projectId,
      vintage: quote.vintage,
      price_usd: quote.priceUsd,
      quantity: quote.quantity,
      supplier: quote.supplier,
      valid_until: quote.validUntil,
      source_id: sourceId,
      run_id: runId,
      file_name: file,
      row_number: quote.row,
      quoted_at: now,
    })
  }
  if (rows.length === 0) {
    throw new ConnectorError('file_not_quotes', `No quote in ${file} names a project of this catalogue (row ${skipped[0]?.row}: ${skipped[0]?.reason}); nothing was changed.`)
  }
  skipped.sort((a, b) => a.row - b.row)
  const quoted = [...new Set(rows.map((r) => r.project_id))]
  return {
    processed: input.quotes.length + input.skipped.length,
    // A file's quotes replace the source's earlier ones: each is new.
    counts: runCounts({ quotes: { created: rows.length, updated: 0, unchanged: 0 } }, { rows: skipped.length }),
    asOf: now,
    skippedRows: skipped.slice(0, 10).map(({ row, reason }): RunSkippedRow => ({ row, file, reason })),
    async apply(trx) {
      await replaceQuotes(trx, sourceId, rows)
      await upsertCoverage({ db: trx, dataset }, quoted.map((project_id) => ({ project_id, source_id: sourceId, last_success_at: now })))
    },
  }
}
