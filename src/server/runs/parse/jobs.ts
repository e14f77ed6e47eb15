import type { RegistryCode } from '../../../api/contract/common'
import type { AsOfBasis } from '../../../api/contract/sources'
import { ImportLimitExceeded, type ImportLimits } from '../../importers/limits'
import { QuotesFileError, RegistryFileError, VrodFileError } from '../../importers/file-errors'
import type { RatedVrod } from '../vrod-rate'
import type { QuoteLine } from '../../pricing/quotes-file'
import type { RegistryListing, RegistryRecord, SkippedRow } from '../../importers/registry/registry-record'
import type { DigestedCredits } from '../../importers/digest/credit-digest'
import type { Resolution, SpellingToResolve } from '../../beneficiaries/resolve'
import type { AppliedDecision } from '../../beneficiaries/decisions'
import type { ConnectorErrorCode } from '../connector'

/**
 * The parse jobs a connector can hand to the parsing worker, by name. A job is CPU work on a file's bytes and
 * plain data only: it takes structured-cloneable input and answers structured-cloneable output, and it touches
 * neither the database nor the network. A file connector adds its job here and calls `runParseJob` with its name.
 */
export interface ParseJobs {
  vrod: {
    input: {
      bytes: ArrayBuffer
      name: string
      requestedAsOf: string | null
      fallbackDate: Date
      limits: ImportLimits
      /** Upper-cased keys the run is restricted to, or null for the whole file. */
      projectKeys: string[] | null
    }
    /** The file read, normalised and rated: all of an import's work that needs no database. */
    output: { asOf: Date; asOfBasis: AsOfBasis; rated: RatedVrod }
  }
  registry: {
    /**
     * `origin`: the run's source and id, written with each record. `slice`: the bytes are the file's header and a
     * slice of its rows, from its row `firstRow` (`importers/csv-slices.ts`).
     */
    input: { bytes: ArrayBuffer; name: string; registry: RegistryCode; limits: ImportLimits; origin: { sourceId: string; runId: string }; slice?: { firstRow: number } }
    /**
     * One file of a registry's export, or one slice of it: its records digested for writing, its listings, the rows
     * it skipped and the format it was recognised as; a slice's records that a later slice may add to are `open`,
     * neither checked nor digested yet (`readRegistryFile`).
     */
    output: DigestedCredits & { listings: RegistryListing[]; skipped: SkippedRow[]; format: string; open: RegistryRecord[]; rowsRead: number; joinedRows: number; pairedRows: number }
  }
  quotes: {
    input: { bytes: ArrayBuffer; name: string; limits: ImportLimits }
    /** A buyer's quotes file, read into quote lines and the rows it skipped. */
    output: { quotes: QuoteLine[]; skipped: SkippedRow[] }
  }
  /** Whom the spellings a run's records give name, once its records are taken: plain data, no file. */
  spellings: {
    input: { spellings: SpellingToResolve[]; decisions: AppliedDecision[] }
    output: Resolution[]
  }
}
export type ParseJobName = keyof ParseJobs

/** Why a job refused its file: `code` is the run's error code, `message` says what was wrong. */
export interface ParseRefusal {
  code: ConnectorErrorCode
  message: string
}

/** Told how far a job got, every so often, so a run's progress moves while its file is read. */
export type JobProgress = (processed: number, total: number) => void

// Each job loads its own readers when it first runs in a worker: a worker that reads only a registry's CSV never
// loads the parquet and workbook libraries Berkeley's file needs.
const jobs: { [N in ParseJobName]: (input: ParseJobs[N]['input'], progress: JobProgress) => Promise<ParseJobs[N]['output']> } = {
  async vrod({ bytes, name, requestedAsOf, fallbackDate, limits, projectKeys }, progress) {
    const [{ readVrodBytes }, { resolveAsOf }, { normaliseVrodRows }, { rateVrod }] = await Promise.all([
      import('../../importers/vrod-read'),
      import('../../importers/as-of'),
      import('../../importers/vrod-normalise'),
      import('../vrod-rate'),
    ])
    const read = await readVrodBytes(new Uint8Array(bytes), name, limits)
    const { asOf, basis } = resolveAsOf({ requested: requestedAsOf, fileName: name, contentAsOf: read.contentAsOf, fallback: fallbackDate })
    return { asOf, asOfBasis: basis, rated: rateVrod(normaliseVrodRows(read.rows, asOf), asOf, projectKeys, progress) }
  },
  async registry({ bytes, name, registry, limits, origin, slice }) {
    const [{ readRegistryFile }, { digestCredits }] = await Promise.all([import('../../importers/registry/recognise'), import('../../importers/digest/credit-digest')])
    const { format, records, listings, skipped, open, rowsRead, joinedRows, pairedRows } = await readRegistryFile(new Uint8Array(bytes), name, registry, limits, { slice })
    return { ...digestCredits(records, { ...origin, fileName: name }), listings, skipped, format: format.id, open, rowsRead, joinedRows, pairedRows }
  },
  async quotes({ bytes, name, limits }) {
    const { readQuotesFile } = await import('../../pricing/quotes-file')
    return readQuotesFile(new Uint8Array(bytes), name, limits)
  },
  async spellings({ spellings, decisions }) {
    const { resolveSpellings } = await import('../../beneficiaries/resolve')
    return resolveSpellings(spellings, decisions)
  },
}

export function jobNamed(name: string) {
  return Object.hasOwn(jobs, name) ? (jobs[name as ParseJobName] as (input: unknown, progress: JobProgress) => Promise<unknown>) : undefined
}

/** The refusal a job's error stands for, or null for an unexpected failure. */
export function refusalOf(error: unknown, fileName: string): ParseRefusal | null {
  if (error instanceof ImportLimitExceeded) return { code: 'file_too_large', message: `${fileName}: ${error.message}.` }
  if (error instanceof VrodFileError) return { code: 'file_not_vrod', message: `${fileName}: ${error.message}.` }
  if (error instanceof RegistryFileError) return { code: 'file_not_registry_export', message: `${error.message}.` }
  if (error instanceof QuotesFileError) return { code: 'file_not_quotes', message: `${error.message}; nothing was changed.` }
  return null
}
