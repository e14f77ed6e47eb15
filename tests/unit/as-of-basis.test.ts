import { describe, expect, it } from 'vitest'
import { asOfBasisWords } from '../../src/api/as-of-basis'

describe("where a run's data date came from, in words", () => {
  // A registry's export is several files: Gold Standard's three read "the newest date in the file".
  it('speaks of the files where a run read several, of the file where it read one, and of the disk where none was uploaded', () => {
    expect(asOfBasisWords('contents', 3)).toBe('the newest date in the files')
    expect(asOfBasisWords('contents', 1)).toBe('the newest date in the file')
    expect(asOfBasisWords('file_name', 2)).toBe('from the files’ names')
    expect(asOfBasisWords('file_date', 4)).toBe('the day the files were uploaded')
    expect(asOfBasisWords('file_date', 1)).toBe('the day the file was uploaded')
    expect(asOfBasisWords('file_date', 0)).toBe('the day the file last changed')
    expect(asOfBasisWords('requested', 3)).toBe('as the run asked')
  })
})
