import * as z from 'zod/mini'
import { parseProjectKeys } from './parse-project-keys'

/** Ten batch requests; a larger lookup would spend a sandbox key's minute of quota on one click. */
export const maxLookupKeys = 1000
const shownInvalid = 8

/**
 * A registry's export names a project by its number alone (Verra's ID column): where a bare number is among the
 * entries that are not keys, how to write it as one (with a leading space), else nothing.
 */
export function bareNumberHint(invalid: readonly string[]): string {
  const number = invalid.find((entry) => /^\d+$/.test(entry))
  return number ? ` A number alone names no registry: give it the registry's letters, as VCS${number} for Verra's ${number}.` : ''
}

export const priceLookupSchema = z.object({
  keys: z.string().check(
    z.superRefine((text, ctx) => {
    const { keys, invalid } = parseProjectKeys(text)
    if (invalid.length > 0) {
      const listed = invalid.slice(0, shownInvalid).map((entry) => `“${entry}”`).join(', ')
      const more = invalid.length > shownInvalid ? ` and ${invalid.length - shownInvalid} more` : ''
      const bareNumber = bareNumberHint(invalid)
      ctx.addIssue({
        code: 'custom',
        message: `${invalid.length === 1 ? 'This is not a project key' : 'These are not project keys'}: ${listed}${more}. A key is 2 to 40 characters, a letter and then letters, digits, dots, dashes or underscores, e.g. VCS191.${bareNumber}`,
      })
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
