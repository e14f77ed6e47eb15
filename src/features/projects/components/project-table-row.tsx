import { flexRender, type Row } from '@tanstack/react-table'
import { memo } from 'react'
import type { ProjectSummary } from '../../../api/contract/projects'
import type { projectTableFeatures } from './project-columns'

export const rowHeight = 44
/**
 * A row as a card on a phone: key, a name of up to two lines, and what remains; grade, price and what the price is
 * beside them. On one line at 412 px a name had about 150 px ("Steuben County Bat…" for ACR411), its whole only in a
 * tooltip a finger cannot open.
 */
export const cardHeight = 104

interface ProjectTableRowProps {
  row: Row<typeof projectTableFeatures, ProjectSummary>
  index: number
  tabbable: boolean
  /** Changes when columns are shown or hidden, so a memoized row renders its new cells. */
  columnsKey: string
  /** Ticked for comparison; a prop so the memoized row renders its checkbox anew. */
  selected: boolean
  height: number
}

/** Memoized: while scrolling, only rows entering the window render, not every visible row on every frame. */
export const ProjectTableRow = memo(function ProjectTableRow({ row, index, tabbable, selected, height }: ProjectTableRowProps) {
  return (
    <tr
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={tabbable ? 0 : -1}
      className={selected ? 'project-row project-row-selected' : 'project-row'}
      style={{ height }}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={`col-${cell.column.id}${cell.column.columnDef.meta?.numeric ? ' numeric' : ''}`}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  )
})
