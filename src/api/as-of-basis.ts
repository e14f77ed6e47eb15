import type { AsOfBasis } from './contract/sources'

/**
 * Where a run's data date came from, in words that follow the date: on a run's page and in a shortlist's pack.
 * `uploads`: how many files the run read; none, a file on the server's disk, whose own date is its last change. A
 * registry's export is several files: "the newest date in the files", not "in the file".
 */
export function asOfBasisWords(basis: AsOfBasis, uploads: number): string {
  const several = uploads > 1
  if (basis === 'file_date') return uploads === 0 ? 'the day the file last changed' : several ? 'the day the files were uploaded' : 'the day the file was uploaded'
  if (basis === 'requested') return 'as the run asked'
  if (basis === 'file_name') return several ? 'from the files’ names' : 'from the file’s name'
  return several ? 'the newest date in the files' : 'the newest date in the file'
}
