import { useQuery } from '@tanstack/react-query'
import { appliesTo, cellState, type CoverageMatrix } from '../../../api/contract/coverage'
import { coverageQueries } from '../../../api/queries/coverage'
import { QueryError } from '../../../components/query-error'
import { Skeleton } from '../../../components/skeleton'
import { freshnessNames } from '../../../api/project-labels'
import { cadencePhrase, formatAge } from '../../../lib/format-age'
import '../../../components/badges.css'


/** Which sources feed this project and how fresh each one's data is: the project's row of the coverage matrix. */
export function ProjectCoverage({ projectKey }: { projectKey: string }) {
  const coverage = useQuery(coverageQueries.matrix({ project: [projectKey] }))
  return (
    <section className="card project-coverage" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading">Data sources</h2>
      {coverage.isPending ? (
        <Skeleton lines={4} label="Loading data sources…" />
      ) : coverage.isError ? (
        <QueryError error={coverage.error} what="the data sources" onRetry={() => void coverage.refetch()} />
      ) : (
        <CoverageList matrix={coverage.data} projectKey={projectKey} />
      )}
    </section>
  )
}

function CoverageList({ matrix, projectKey }: { matrix: CoverageMatrix; projectKey: string }) {
  const row = matrix.rows.find((r) => r.key.toUpperCase() === projectKey.toUpperCase())
  if (!row) return <p className="muted">No source covers this project.</p>
  // A registry source only covers its own registry's projects; the others are not missing, just not applicable.
  const cells = matrix.sources
    .map((source, index) => ({ source, age: row.ages[index] }))
    .filter(({ source }) => appliesTo(source, row))
  return (
    <ul className="coverage-list">
      {cells.map(({ source, age }) => {
        const state = cellState(age, source.cadence_hours)
        return (
          <li key={source.id}>
            <span className="coverage-source">{source.name}</span>
            <span className="coverage-state">
              <span className={`badge freshness-badge freshness-${state}`}>{freshnessNames[state]}</span>
              <span className="muted">
                {/* A registry's new listing is in no release of Berkeley's yet: "no update yet" read as a failed one. */}
                {age === null ? 'no data on this project from it yet' : `updated ${formatAge(age)}`}; expected {cadencePhrase(source.cadence_hours)}
              </span>
            </span>
          </li>
        )
      })}
    </ul>
  )
}
