import { ApiError } from '../../../api/client'
import { describeError, formatWait } from '../../../api/error-message'

const clockFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

interface SubmitErrorProps {
  error: unknown
  /** When the submission failed, to say when the quota renews. */
  failedAt: number
  /** Server messages for fields the form does not show. */
  otherMessages: string[]
}

/** Why the brief was not accepted, next to the button; the form keeps every value. */
export function SubmitError({ error, failedAt, otherMessages }: SubmitErrorProps) {
  const message = describeError(error)
  let text: string
  if (message.kind === 'quota') {
    const wait = message.retryAfter ?? 60
    text = `The evaluation quota is used up. You can submit again at ${clockFormat.format(failedAt + wait * 1000)} (in about ${formatWait(wait)}); your brief is kept.`
  } else if (message.kind === 'validation' && error instanceof ApiError) {
    text = otherMessages.length > 0 ? otherMessages.join(' ') : 'Some answers need a change: see the messages above.'
  } else if (message.kind === 'network') {
    text = message.detail
  } else {
    text = `${message.title}: ${message.detail}`
  }
  return (
    <p role="alert" className={`submit-error alert ${message.kind === 'quota' ? 'alert-warning' : 'alert-error'}`}>
      {text}
    </p>
  )
}
