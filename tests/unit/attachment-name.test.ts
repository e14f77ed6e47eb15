import { describe, expect, it } from 'vitest'
import { attachmentName } from '../../src/api/attachment'

describe("an attachment's file name, as Content-Disposition gives it", () => {
  it('reads the quoted name the API gives, and an unquoted one', () => {
    expect(attachmentName('attachment; filename="credence-shortlist-rec_1.xlsx"')).toBe('credence-shortlist-rec_1.xlsx')
    expect(attachmentName('attachment; filename=decisions.csv')).toBe('decisions.csv')
    expect(attachmentName('attachment; filename="a \\"quoted\\" name.csv"')).toBe('a "quoted" name.csv')
  })

  it("prefers RFC 6266's UTF-8 name, and falls back to the plain one when its escapes are broken", () => {
    expect(attachmentName(`attachment; filename="Proj.csv"; filename*=UTF-8''Proj%C3%A9t.csv`)).toBe('Projét.csv')
    expect(attachmentName(`attachment; filename="Proj.csv"; filename*=UTF-8''Proj%E9t.csv`)).toBe('Proj.csv')
  })

  it('gives none when the header names no file', () => {
    expect(attachmentName(null)).toBeNull()
    expect(attachmentName('attachment')).toBeNull()
  })
})
