import type * as z from 'zod/mini'

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

/**
 * What a refused value is told, the same in the API's problem and beside the app's field: a schema's own message (a
 * refinement's words) as it is, zod's default words for a bound ("Too big: expected string to have <=200
 * characters") as a person says them.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if ((issue.code === 'too_big' || issue.code === 'too_small') && /^Too (big|small):/.test(issue.message)) return boundMessage(issue)
  return issue.message
}
