import type { SignalFact } from '../../../api/contract/projects'
import { formatFactValue } from '../../../api/fact-value'
import type { ProjectLinks } from '../lib/links'
import { CitationLinks } from '../../../components/citation-links'

/** The public facts a signal was computed from, each with its value, so the score can be checked by hand. */
export function SignalFacts({ facts }: { facts: SignalFact[] }) {
  if (facts.length === 0) return null
  return (
    <dl className="signal-facts">
      {facts.map((fact) => (
        <div key={fact.name}>
          <dt>{fact.name}</dt>
          <dd>{formatFactValue(fact.value)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The published evidence a signal's rule rests on, each a link to it in the rating method. */
export function SignalCitations({ citations, links }: { citations: string[]; links: ProjectLinks }) {
  if (citations.length === 0) return null
  return (
    <p className="signal-citations">
      Evidence: <CitationLinks ids={citations} href={links.ratingCitation} />
    </p>
  )
}
