import { copyChunks, type CopyChunks } from './copy-chunks'
import type { NewCreditYear, NewQualitySignal } from '../schema'

/**
 * The rows an import of Berkeley's file replaces whole for each project it reads, as COPY reads them: formatted in
 * the parsing worker, which loads no database library (`copy-line.ts`).
 */

/** Every column of a project's yearly history. */
export const creditYearColumns = ['project_id', 'year', 'issued_by_vintage', 'issued_in_year', 'retired_in_year', 'remaining_by_vintage'] as const satisfies readonly (keyof NewCreditYear)[]

/** Every column of a quality signal. */
export const signalColumns = ['project_id', 'signal', 'value', 'source', 'as_of', 'evidence', 'facts', 'citations'] as const satisfies readonly (keyof NewQualitySignal)[]

export const creditYearChunks = (rows: readonly NewCreditYear[]): CopyChunks => copyChunks(rows, creditYearColumns)

/** Signals as COPY lines: their facts as JSON text (jsonb), their citations as a text array. */
export const signalChunks = (rows: readonly NewQualitySignal[]): CopyChunks =>
  copyChunks(
    rows.map((row) => ({ ...row, facts: typeof row.facts === 'string' ? row.facts : JSON.stringify(row.facts ?? []), citations: row.citations ?? [] })),
    signalColumns,
  )
