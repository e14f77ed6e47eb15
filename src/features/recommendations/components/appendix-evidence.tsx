import type { ProjectEvidence, ShortlistEvidence } from '../../../api/contract/shortlists'
import { formatNumber, formatPercent } from '../../../lib/format'

/** One project's eight signals in a small table: what each is worth, what it counts for, and whether it is known. */
function ProjectSignals({ project, rank, citationName }: { project: ProjectEvidence; rank: number; citationName: (id: string) => string }) {
  const heading = `${rank}. ${project.name} (${project.key})`
  if (!project.in_catalogue) {
    return (
      <section className="appendix-project">
        <h4>{heading}</h4>
        <p>No longer in the catalogue: its evidence cannot be shown.</p>
      </section>
    )
  }
  return (
    <section className="appendix-project">
      <h4>{heading}</h4>
      <p>
        Grade {project.grade ?? 'none'}, score {formatNumber(project.score, 1)}; {formatPercent(project.rated_weight)} of the weight backed by
        evidence.
      </p>
      <table className="appendix-table">
        <caption className="visually-hidden">Quality signals of {project.name}</caption>
        <thead>
          <tr>
            <th scope="col">Signal</th>
            <th scope="col" className="numeric">Value</th>
            <th scope="col" className="numeric">Counted</th>
            <th scope="col" className="numeric">Weight</th>
            <th scope="col" className="numeric">Points</th>
            <th scope="col">Evidence</th>
          </tr>
        </thead>
        <tbody>
          {project.signals.map((signal) => (
            <tr key={signal.key}>
              <th scope="row">{signal.label}</th>
              <td className="numeric">{signal.value === null ? 'missing' : formatNumber(signal.value, 2)}</td>
              <td className="numeric">{formatNumber(signal.counted_value, 2)}</td>
              <td className="numeric">{formatPercent(signal.weight)}</td>
              <td className="numeric">{formatNumber(signal.contribution, 1)}</td>
              <td>{signal.citations.length > 0 ? signal.citations.map(citationName).join('; ') : signal.status === 'missing' ? 'none: unknown risk' : 'public facts'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** The evidence summary of the printed shortlist: every project's signals, then the works they cite. */
export function AppendixEvidence({ evidence }: { evidence: ShortlistEvidence }) {
  const names = new Map(evidence.citations.map((citation) => [citation.id, citation.short]))
  const citationName = (id: string) => names.get(id) ?? id
  return (
    <>
      <section aria-labelledby="appendix-evidence-title">
        <h3 id="appendix-evidence-title">Evidence summary</h3>
        <p>
          As the catalogue rates each project now (<code>{evidence.rating_version}</code>): each signal's value from 0 (high risk) to 1
          (low risk), what the score counts it as (a missing signal as unknown risk), and the points it adds.
        </p>
        {evidence.projects.map((project, i) => (
          <ProjectSignals key={project.key} project={project} rank={i + 1} citationName={citationName} />
        ))}
      </section>
      <section aria-labelledby="appendix-citations-title">
        <h3 id="appendix-citations-title">Citations</h3>
        <ol className="appendix-citations">
          {evidence.citations.map((citation) => (
            <li key={citation.id}>
              <strong>{citation.short}</strong>. {citation.title}. {citation.url && <span className="appendix-url">{citation.url}</span>}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}
