import * as z from 'zod/mini'
import { issueMessage } from '../../../api/contract/issue-words'
import { maxRunProjectKeys, sourceRunRequest, type SourceRunRequest } from '../../../api/contract/sources'

/** Keys as a person pastes them: separated by commas, spaces or new lines, each once. */
export function parseProjectKeys(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
}

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
    const keys = parseProjectKeys(values.project_keys)
    const parsed = sourceRunRequest.safeParse({ source: values.source, project_keys: keys.length ? keys : undefined })
    if (parsed.success) return parsed.data
    const badKeys = new Set<string>()
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path
      if (field === 'project_keys' && typeof index === 'number') {
        badKeys.add(keys[index])
        continue
      }
      const message =
        field === 'project_keys' && keys.length > maxRunProjectKeys
          ? `A run covers at most ${maxRunProjectKeys} project keys; ${keys.length} are listed.`
          : issueMessage(issue)
      context.issues.push({ code: 'custom', input: values, path: [String(field ?? 'source')], message })
    }
    if (badKeys.size > 0) {
      const listed = [...badKeys].slice(0, 5).join(', ')
      const more = badKeys.size > 5 ? ` and ${badKeys.size - 5} more` : ''
      context.issues.push({
        code: 'custom',
        input: values,
        path: ['project_keys'],
        message: `Not a project key: ${listed}${more}. A project key is letters, digits, dot, dash or underscore, e.g. VCS191.`,
      })
    }
    return z.NEVER
  }),
)
