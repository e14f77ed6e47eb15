import * as z from 'zod/mini'
import { count, described, timestamp } from './common'

/** Largest upload the API takes, checked while the body streams in. */
export const maxFileBytes = 64 * 1024 * 1024

/** An uploaded file, kept for a source run to import (`file_id`). */
export const uploadedFile = z
  .object({
    object: z.literal('file'),
    id: z.string().check(z.meta({ example: 'file_01jc5x8q2h7k' })),
    name: z.string().check(z.meta({ example: 'Voluntary-Registry-Offsets-Database--v2025-12-year-end.xlsx' })),
    bytes: count(),
    sha256: described(z.string().check(z.regex(/^[0-9a-f]{64}$/)), 'Hex SHA-256 of the bytes'),
    created_at: timestamp,
  })
  .check(z.meta({ id: 'File' }))
export type UploadedFile = z.infer<typeof uploadedFile>

export const fileUploadQuery = z.object({
  name: described(
    z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    'The file\'s name, for a raw body (a multipart part carries its own)',
  ),
})
