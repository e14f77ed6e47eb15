import type * as z from 'zod/mini'
import type { FieldError } from '../../api/contract/errors'

/** What a bound refused says, in words a person reads beside the field: "At most 200 characters", not zod's own. */
function boundMessage(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const most = issue.code === 'too_big'
  const bound = Number(most ? (issue as z.core.$ZodIssueTooBig).maximum : (issue as z.core.$ZodIssueTooSmall).minimum)
  const inclusive = issue.inclusive !== false
  const unit = issue.origin === 'string' ? (bound === 1 ? ' character' : ' characters') : issue.origin === 'array' || issue.origin === 'set' ? (bound === 1 ? ' value' : ' values') : ''
  if (!most && bound === 1 && unit && inclusive) return issue.origin === 'string' ? 'May not be empty' : 'Give at least one value'
  const shown = `${bound.toLocaleString('en-US')}${unit}`
  if (most) return inclusive ? `At most ${shown}` : `Less than ${shown}`
  return inclusive ? `At least ${shown}` : `More than ${shown}`
}

/** zod issues as the contract's `{ path, message }` list, paths dotted (`co_benefits.2`). */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return { path: issue.keys.join(','), message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` }
    }
    const path = issue.path.map(String).join('.') || '(body)'
    // A schema's own message (a refinement's words) is kept; zod's default words for a bound are replaced.
    if ((issue.code === 'too_big' || issue.code === 'too_small') && /^Too (big|small):/.test(issue.message)) return { path, message: boundMessage(issue) }
    return { path, message: issue.message }
  })
}
