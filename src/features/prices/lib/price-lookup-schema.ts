import * as z from 'zod/mini'
import { notKeysMessage, readTypedKeys } from '../../../api/typed-keys'

/** Ten batch requests; a larger lookup would spend a sandbox key's minute of quota on one click. */
export const maxLookupKeys = 1000

export const priceLookupSchema = z.object({
  keys: z.string().check(
    z.superRefine((text, ctx) => {
      const { keys, invalid } = readTypedKeys(text)
      if (invalid.length > 0) {
        ctx.addIssue({ code: 'custom', message: notKeysMessage(invalid) })
      } else if (keys.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'Enter at least one project key, e.g. VCS191.' })
      } else if (keys.length > maxLookupKeys) {
        ctx.addIssue({
          code: 'custom',
          message: `Look up at most ${maxLookupKeys.toLocaleString('en-US')} keys at once; this list has ${keys.length.toLocaleString('en-US')}.`,
        })
      }
    }),
  ),
})
export type PriceLookupForm = z.infer<typeof priceLookupSchema>
