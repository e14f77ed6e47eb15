import type { ReactNode } from 'react'
import type { RatingRule } from '../../../api/contract/rating-method'
import { CitationLinks } from '../../../components/citation-links'

export const onThisPage = (id: string) => `#citation-${encodeURIComponent(id)}`

/** A method's rules as sentences, each with the evidence it cites; `children` adds items of the caller's own. */
export function MethodRules({ rules, children }: { rules: readonly RatingRule[]; children?: ReactNode }) {
  return (
    <ul className="method-rules">
      {rules.map((rule) => (
        <li key={rule.text}>
          {rule.text}
          {rule.citations.length > 0 && (
            <span className="muted">
              {' '}
              (<CitationLinks ids={rule.citations} href={onThisPage} />)
            </span>
          )}
        </li>
      ))}
      {children}
    </ul>
  )
}
