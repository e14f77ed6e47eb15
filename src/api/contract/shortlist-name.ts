import * as z from 'zod/mini'

/** What a shortlist may be called: a line of text a buyer types, e.g. "Board paper, Q3". */
export const maxShortlistNameLength = 120

/** A name as typed: trimmed, at most 120 characters. Its own module, so the form that takes it loads no other schema. */
export const shortlistName = z.string().check(z.trim(), z.maxLength(maxShortlistNameLength, `A name is at most ${maxShortlistNameLength} characters`))
