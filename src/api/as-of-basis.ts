import type { AsOfBasis } from './contract/sources'

/**
 * Where a run's data date came from, in words that follow the date: on a run's page and in a shortlist's pack. A run
 * with no upload read a file on the server's disk, whose own date is its last change.
 */
export function asOfBasisWords(basis: AsOfBasis, uploaded: boolean): string {
  if (basis === 'file_date') return uploaded ? 'the day the file was uploaded' : 'the day the file last changed'
  return { requested: 'as the run asked', file_name: 'from the file’s name', contents: 'the newest date in the file' }[basis]
}
