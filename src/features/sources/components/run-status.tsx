import { Link } from 'react-router-dom'
import type { SourceRun } from '../../../api/contract/sources'
import { isFinalRunState, useSourcesById } from '../../../api/queries/sources'
import { asOfBasisWords } from '../../../api/as-of-basis'
import { readAccount, runAccount } from '../../../api/run-account'
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format'
import { formatBytes } from '../../../lib/format-bytes'
import { runStateLabels, runStateTones } from '../lib/labels'
import type { SourcesLinks } from '../lib/links'
import { RunProgress } from './run-progress'
import { StateBadge } from './state-badge'

interface RunStatusProps {
  run: SourceRun
  links: SourcesLinks
  sourceName?: string
  /** The heading level that fits where the status is shown. */
  headingLevel?: 'h1' | 'h2'
  /** Offer the link to the run's own page (not needed on that page). */
  showLink?: boolean
}

/** Where a run stands: its state, progress, files and data date and, once over, what it changed or why it failed. */
export function RunStatus({ run, links, sourceName, headingLevel: Heading = 'h2', showLink = true }: RunStatusProps) {
  const final = isFinalRunState(run.state)
  const keys = run.project_keys
  const account = runAccount(run)
  const read = readAccount(run)
  // A registry source's code (`GS` for `src_gold_standard`), for the links to its projects typed Unknown.
  const registry = useSourcesById()?.get(run.source_id)?.registry ?? null
  return (
    <section className="run-status card" aria-labelledby={`run-${run.id}-title`}>
      <div className="run-status-head">
        <Heading id={`run-${run.id}-title`}>
          {sourceName ?? run.source_id} run <code className="run-id">{run.id}</code>
        </Heading>
        <StateBadge tone={runStateTones[run.state]}>{runStateLabels[run.state]}</StateBadge>
        {run.simulated && <span className="badge state-badge state-badge-simulated">Simulated</span>}
      </div>
      {/* Announces the state as it changes, not every step of progress. */}
      <p className="visually-hidden" role="status">
        Run {runStateLabels[run.state].toLowerCase()}
        {run.simulated ? ', simulated' : ''}
      </p>
      {run.simulated && (
        <p className="alert alert-info">
          Simulated run: the sandbox key follows a run as the live service would, but no data is changed.
        </p>
      )}
      <RunProgress run={run} />
      {run.state === 'failed' && run.error && (
        <div className="alert alert-error">
          <p className="alert-title">The run failed: {run.error.message}</p>
          <p>
            Error code <code>{run.error.code}</code>
          </p>
        </div>
      )}
      {run.as_of && run.as_of_basis === 'file_date' && (
        <p className="alert alert-warning">
          {run.files.length > 1 ? 'The files’ names and contents give no date, so their data is dated' : 'The file’s name and contents give no date, so its data is dated'}{' '}
          {formatDate(run.as_of)}, {asOfBasisWords('file_date', run.files.length)}. If the data is older, import it again with “Data as of” set to its date:
          dated too late, its projects read as fresher than they are.
        </p>
      )}
      {account && <p className="run-account">{account.join(' · ')}</p>}
      {account && read && <p className="run-read muted">{read}</p>}
      {/* The account counts the listings no rule types; the browser lists them, and each page keeps the registry's words. */}
      {(run.counts_by_kind?.unmapped?.types ?? 0) > 0 && (
        <p className="run-unmapped">
          <Link to={links.projectsOfType('Unknown', registry)}>List the projects typed Unknown</Link>
          {registry ? ' of this registry' : ''}: each one's page gives the registry's own words for its type.
        </p>
      )}
      <LeftOut run={run} links={links} />
      <dl className="run-facts">
        {run.files.length > 0 && (
          <div>
            <dt>{run.files.length === 1 ? 'File' : 'Files'}</dt>
            <dd>
              <RunFiles files={run.files} />
            </dd>
          </div>
        )}
        <div>
          <dt>Data as of</dt>
          <dd>
            {/* The open rating brings no data: it rates its projects' facts, each dated by them ("Not known" read as a gap). */}
            {run.as_of ? formatDate(run.as_of) : run.connector === 'ratings' ? 'None of its own: each rating is dated by the facts it rated' : final ? 'Not known' : 'Once its data is read'}
            {run.as_of && run.as_of_basis && <span className="muted">, {asOfBasisWords(run.as_of_basis, run.files.length)}</span>}
          </dd>
        </div>
        <div>
          <dt>Connector</dt>
          <dd>
            <code>{run.connector}</code>
          </dd>
        </div>
        <div>
          {/* What the run was asked for, not what it imported: a failed run imported nothing, whatever it was asked. */}
          <dt>Projects asked for</dt>
          <dd>{keys?.length ? <ProjectKeys keys={keys} links={links} /> : 'Every project the source covers'}</dd>
        </div>
        <div>
          <dt>Requested</dt>
          <dd>{formatDateTime(run.created_at)}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{run.finished_at ? formatDateTime(run.finished_at) : 'Not yet'}</dd>
        </div>
      </dl>
      {showLink && (
        <p>
          <Link to={links.sourceRun(run.id)}>Open this run's page</Link> to follow it or share it.
        </p>
      )}
    </section>
  )
}

/**
 * The rows and projects the run left out, each with why, as the API names them (the first ten of each): its counts
 * said "3 rows skipped" and "1 project skipped" and named none.
 */
function LeftOut({ run, links }: { run: SourceRun; links: SourcesLinks }) {
  const rows = run.skipped_rows
  const projects = run.skipped_projects
  if (rows.length === 0 && projects.length === 0) return null
  const counted = run.counts_by_kind?.skipped ?? { rows: rows.length, projects: projects.length }
  const unnamed = counted.rows - rows.length + (counted.projects - projects.length)
  return (
    <details className="run-left-out" open>
      <summary>What the run left out, and why</summary>
      <ul>
        {rows.map((row) => (
          <li key={`row-${row.file}-${row.row}-${row.reason}`}>
            {row.file === null ? `Row ${formatNumber(row.row)}` : `${row.file}, row ${formatNumber(row.row)}`}: {row.reason}
          </li>
        ))}
        {projects.map((project) => (
          <li key={`project-${project.key}`}>
            <Link to={links.project(project.key)}>{project.key}</Link>: {project.reason}
          </li>
        ))}
      </ul>
      {rows.length > 0 && <p className="muted">A row is numbered among its file&apos;s data: the first row under the header is row 1, and blank lines are not counted.</p>}
      {unnamed > 0 && <p className="muted">And {formatNumber(unnamed)} more: a run names the first ten rows and the first ten projects it leaves out.</p>}
    </details>
  )
}

/** The files a run imports, as they were uploaded: `projects.csv (10.2 KB), transactions.csv (71.3 KB)`. */
function RunFiles({ files }: { files: SourceRun['files'] }) {
  return files.map((file, index) => (
    <span key={file.id}>
      {index > 0 && ', '}
      {file.name}
      {file.bytes !== null && <span className="muted run-file-size"> ({formatBytes(file.bytes)})</span>}
    </span>
  ))
}

const shownKeys = 12

function ProjectKeys({ keys, links }: { keys: string[]; links: SourcesLinks }) {
  const rest = keys.length - shownKeys
  return (
    <>
      {keys.slice(0, shownKeys).map((key, index) => (
        <span key={key}>
          {index > 0 && ', '}
          <Link to={links.project(key)}>{key}</Link>
        </span>
      ))}
      {rest > 0 && ` and ${formatNumber(rest)} more`}
    </>
  )
}
