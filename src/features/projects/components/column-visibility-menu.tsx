import type { Column } from '@tanstack/react-table'
import { useRef, type KeyboardEvent } from 'react'
import type { ProjectSummary } from '../../../api/contract/projects'
import type { projectTableFeatures } from './project-columns'

interface ColumnVisibilityMenuProps {
  columns: Column<typeof projectTableFeatures, ProjectSummary, unknown>[]
}

/**
 * Show or hide columns; a disclosure, so it opens and closes from the keyboard without a script. Its panel lies over
 * the table, so Escape closes it too, from anywhere in it, and the focus goes back to its button.
 */
export function ColumnVisibilityMenu({ columns }: ColumnVisibilityMenuProps) {
  const menu = useRef<HTMLDetailsElement>(null)
  const hideable = columns.filter((column) => column.getCanHide())
  const hidden = hideable.filter((column) => !column.getIsVisible()).length
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return
    menu.current.open = false
    menu.current.querySelector('summary')?.focus()
  }
  return (
    <details ref={menu} className="column-menu" onKeyDown={closeOnEscape}>
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
