import * as z from 'zod/mini'
import { issueMessage } from '../../../api/contract/issue-words'
import { maxRunProjectKeys, sourceRunRequest, type SourceRunRequest } from '../../../api/contract/sources'
import { notKeysMessage, readTypedKeys } from '../../../api/typed-keys'

export interface RunFormValues {
  source: string
  project_keys: string
}

export const emptyRunForm: RunFormValues = { source: '', project_keys: '' }

/**
 * What the run form holds (a chosen source, keys as typed) turned into the contract's SourceRunRequest.
 * Problems are reported on the field that caused them, naming the keys at fault.
 */
export const runFormSchema = z.pipe(
  z.object({
    source: z.string().check(z.minLength(1, 'Choose the source to run.')),
    project_keys: z.string(),
  }),
  z.transform((values, context): SourceRunRequest => {
    // Keys are read as the price lookup reads them: quotes a spreadsheet adds dropped, case and repeats ignored.
    const { keys, invalid } = readTypedKeys(values.project_keys)
    if (invalid.length > 0) {
      context.issues.push({ code: 'custom', input: values, path: ['project_keys'], message: notKeysMessage(invalid) })
    }
    const parsed = sourceRunRequest.safeParse({ source: values.source, project_keys: keys.length ? keys : undefined })
    if (parsed.success && invalid.length === 0) return parsed.data
    for (const issue of parsed.error?.issues ?? []) {
      const [field] = issue.path
      const message =
        field === 'project_keys' && keys.length > maxRunProjectKeys
          ? `A run covers at most ${maxRunProjectKeys} project keys; ${keys.length} are listed.`
          : issueMessage(issue)
      context.issues.push({ code: 'custom', input: values, path: [String(field ?? 'source')], message })
    }
    return z.NEVER
  }),
)
