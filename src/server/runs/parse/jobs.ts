import { resolveAsOf } from '../../importers/as-of'
import { normaliseVrodRows, type VrodProjects } from '../../importers/vrod-normalise'
import { ImportLimitExceeded, readVrodBytes, VrodFileError, type ImportLimits } from '../../importers/vrod-read'

/**
 * The parse jobs a connector can hand to the parsing worker, by name. A job is CPU work on a file's bytes and
 * plain data only: it takes structured-cloneable input and answers structured-cloneable output, and it touches
 * neither the database nor the network. A file connector adds its job here and calls `runParseJob` with its name.
 */
export interface ParseJobs {
  vrod: {
    input: { bytes: ArrayBuffer; name: string; requestedAsOf: string | null; fallbackDate: Date; limits: ImportLimits }
    output: { asOf: Date; read: VrodProjects }
  }
}
export type ParseJobName = keyof ParseJobs

/** Why a job refused its file: `code` is the run's error code, `message` says what was wrong. */
export interface ParseRefusal {
  code: string
  message: string
}

const jobs: { [N in ParseJobName]: (input: ParseJobs[N]['input']) => Promise<ParseJobs[N]['output']> } = {
  async vrod({ bytes, name, requestedAsOf, fallbackDate, limits }) {
    const read = await readVrodBytes(new Uint8Array(bytes), name, limits)
    const { asOf } = resolveAsOf({ requested: requestedAsOf, fileName: name, contentAsOf: read.contentAsOf, fallback: fallbackDate })
    return { asOf, read: normaliseVrodRows(read.rows, asOf) }
  },
}

export function jobNamed(name: string) {
  return Object.hasOwn(jobs, name) ? (jobs[name as ParseJobName] as (input: unknown) => Promise<unknown>) : undefined
}

/** The refusal a job's error stands for, or null for an unexpected failure. */
export function refusalOf(error: unknown, fileName: string): ParseRefusal | null {
  if (error instanceof ImportLimitExceeded) return { code: 'file_too_large', message: `${fileName}: ${error.message}.` }
  if (error instanceof VrodFileError) return { code: 'file_not_vrod', message: `${fileName}: ${error.message}.` }
  return null
}
