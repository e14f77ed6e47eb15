import type * as z from 'zod/mini'
import type { FieldError } from '../../api/contract/errors'
import { issueMessage } from '../../api/contract/issue-words'

/** zod issues as the contract's `{ path, message }` list, paths dotted (`co_benefits.2`). */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return { path: issue.keys.join(','), message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` }
    }
    return { path: issue.path.map(String).join('.') || '(body)', message: issueMessage(issue) }
  })
}
