import type { Header } from '@tanstack/react-table'
import type { ProjectSummary } from '../../../api/contract/projects'
import type { projectTableFeatures } from './project-columns'

type ProjectHeader = Header<typeof projectTableFeatures, ProjectSummary, unknown>

const ariaSort = { asc: 'ascending', desc: 'descending' } as const
const arrows = { asc: '▲', desc: '▼' } as const

/** A column header; a sortable one is a button and announces its order through aria-sort. */
export function ProjectTableHeader({ header }: { header: ProjectHeader }) {
  const label = String(header.column.columnDef.header)
  const className = `col-${header.column.id}${header.column.columnDef.meta?.numeric ? ' numeric' : ''}`
  if (!header.column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    )
  }
  const sorted = header.column.getIsSorted()
  return (
    <th scope="col" aria-sort={sorted ? ariaSort[sorted] : 'none'} className={className}>
      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
        {label}
        <span aria-hidden="true" className={sorted ? 'sort-icon sort-icon-active' : 'sort-icon'}>
          {sorted ? arrows[sorted] : '↕'}
        </span>
      </button>
    </th>
  )
}
