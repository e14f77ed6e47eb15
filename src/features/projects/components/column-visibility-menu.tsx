import type { Column } from '@tanstack/react-table'
import type { ProjectSummary } from '../../../api/contract/projects'
import type { projectTableFeatures } from './project-columns'

interface ColumnVisibilityMenuProps {
  columns: Column<typeof projectTableFeatures, ProjectSummary, unknown>[]
}

/** Show or hide columns; a disclosure, so it opens and closes from the keyboard without a script. */
export function ColumnVisibilityMenu({ columns }: ColumnVisibilityMenuProps) {
  const hideable = columns.filter((column) => column.getCanHide())
  const hidden = hideable.filter((column) => !column.getIsVisible()).length
  return (
    <details className="column-menu">
      <summary className="button">Columns{hidden > 0 ? ` (${hidden} hidden)` : ''}</summary>
      <fieldset className="column-menu-panel">
        <legend>Show columns</legend>
        {hideable.map((column) => (
          <label key={column.id} className="check">
            <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
            {String(column.columnDef.header)}
          </label>
        ))}
      </fieldset>
    </details>
  )
}
