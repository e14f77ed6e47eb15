import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useSourceName } from '../../../api/queries/sources'
import type { CompareLinks } from '../lib/links'
import type { ShortlistReturnState } from '../../../api/shortlist-return'
import { compareSections, type ComparedProject, type JudgedRow } from '../lib/compare-rows'
import { CompareCellContent } from './compare-cell'
import { ScrollingTable } from '../../../components/scrolling-table'

interface CompareTableProps {
  projects: ComparedProject[]
  /** Every key in the URL, so removing one keeps the others as they were written. */
  keys: readonly string[]
  links: CompareLinks
  /** The shortlist the comparison was opened from: a project's page, and the comparison less one, lead back to it too. */
  back?: ShortlistReturnState
}

/** One column per project, one row per fact; a row that differs says so, and its best value says "best". */
export function CompareTable({ projects, keys, links, back }: CompareTableProps) {
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const sections = compareSections(projects, useSourceName())
  const projectKeys = projects.map(({ project }) => project.key)
  const differing = sections.reduce((sum, section) => sum + section.rows.filter((row) => row.differs).length, 0)
  return (
    <section aria-labelledby="compare-table-title">
      <div className="compare-toolbar">
        <h2 id="compare-table-title">Side by side</h2>
        <label className="compare-only-differing">
          <input type="checkbox" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.target.checked)} />
          Only rows that differ ({differing})
        </label>
      </div>
      <ScrollingTable className="compare-scroll" labelledBy="compare-caption">
        <table className="compare-table">
          <caption id="compare-caption">
            {projects.length} {projects.length === 1 ? 'project' : 'projects'} compared; {differing}{' '}
            {differing === 1 ? 'row differs' : 'rows differ'}
          </caption>
          <colgroup>
            <col className="compare-label-column" />
            {projects.map(({ project }) => (
              <col key={project.id} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td />
              {projects.map(({ project }) => (
                <th key={project.id} scope="col">
                  <Link to={links.project(project.key)} state={back}>
                    {project.name}
                  </Link>
                  <span className="project-key">{project.key}</span>
                  {project.synthetic && <span className="badge badge-warning">Synthetic</span>}
                  <Link
                    className="compare-remove"
                    to={links.compare(keys.filter((key) => key !== project.key.toUpperCase()))}
                    state={back}
                    aria-label={`Remove ${project.key} from the comparison`}
                  >
                    Remove
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => {
            const rows = onlyDifferences ? section.rows.filter((row) => row.differs) : section.rows
            if (rows.length === 0) return null
            return (
              <tbody key={section.id}>
                <tr className="compare-section">
                  <th scope="colgroup" colSpan={projects.length + 1}>
                    {section.title}
                  </th>
                </tr>
                {rows.map((row) => (
                  <CompareRowView key={row.id} row={row} links={links} projectKeys={projectKeys} />
                ))}
              </tbody>
            )
          })}
        </table>
      </ScrollingTable>
    </section>
  )
}

function CompareRowView({ row, links, projectKeys }: { row: JudgedRow; links: CompareLinks; projectKeys: string[] }) {
  return (
    <tr className={row.differs ? 'compare-row compare-differs' : 'compare-row'}>
      <th scope="row">
        {row.label}
        {row.differs && (
          <>
            {' '}
            <span className="compare-differs-mark">differs</span>
          </>
        )}
      </th>
      {row.cells.map((cell, index) => (
        // On a phone the columns stack under their row's label; each value then says whose it is (CSS, data-project).
        <td key={index} className={row.best.includes(index) ? 'compare-best' : undefined} data-project={projectKeys[index]}>
          <CompareCellContent links={links} cell={cell} best={row.best.includes(index)} />
        </td>
      ))}
    </tr>
  )
}
