import { useQuery } from '@tanstack/react-query'
import type { RatingMethod } from '../../../api/contract/rating-method'
import { ratingMethodQueries } from '../../../api/queries/rating-method'
import { shortlistQueries } from '../../../api/queries/shortlists'
import { formatPercent } from '../../../lib/format'
import { AppendixEvidence } from './appendix-evidence'

/** How a project's grade is formed, as the rating method states it: points, grades and each signal's weight. */
function AppendixMethod({ method }: { method: RatingMethod }) {
  return (
    <section aria-labelledby="appendix-method-title">
      <h3 id="appendix-method-title">How the projects are rated</h3>
      <p>
        Method <code>{method.version}</code>. {method.description} {method.points}
      </p>
      <p>Grades: {method.grades.map((grade) => `${grade.grade} from ${grade.min_score}`).join(', ')}.</p>
      <p>Signals and weights: {method.signals.map((signal) => `${signal.label} ${formatPercent(signal.weight)}`).join(', ')}.</p>
    </section>
  )
}

/**
 * What the printed shortlist carries after its table, for a committee that reads it away from the screen: the
 * rating method, the evidence behind each grade and the works cited. Print only: on screen the project pages and
 * the rating method page say the same, a link away.
 */
export function ShortlistAppendix({ id }: { id: string }) {
  const method = useQuery(ratingMethodQueries.current())
  const evidence = useQuery(shortlistQueries.evidence(id))
  return (
    <section className="shortlist-appendix print-only" aria-labelledby="appendix-title">
      <h2 id="appendix-title">Appendix: method, evidence and citations</h2>
      {method.data ? <AppendixMethod method={method.data} /> : <p>The rating method could not be loaded for this print.</p>}
      {evidence.data ? <AppendixEvidence evidence={evidence.data} /> : <p>The evidence could not be loaded for this print; the pack carries it.</p>}
    </section>
  )
}
