import type { ReactTable } from '@tanstack/react-table'
import { useId } from 'react'
import type { ProjectSummary } from '../../../api/contract/projects'
import { formatNumber } from '../../../lib/format'
import { pageSizes } from '../lib/browser-search'
import type { projectTableFeatures } from './project-columns'

interface TablePagerProps {
  table: ReactTable<typeof projectTableFeatures, ProjectSummary>
  total: number
}

export function TablePager({ table, total }: TablePagerProps) {
  const sizeId = useId()
  const { pageIndex, pageSize } = table.atoms.pagination.get()
  const first = total === 0 ? 0 : pageIndex * pageSize + 1
  const last = Math.min(total, (pageIndex + 1) * pageSize)
  const pageCount = Math.max(1, table.getPageCount())
  return (
    <nav className="table-pager" aria-label="Pages of projects">
      <p className="table-pager-range">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </p>
      <div className="table-pager-size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select id={sizeId} value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="table-pager-buttons">
        <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          Previous page
        </button>
        <span>
          Page {formatNumber(pageIndex + 1)} of {formatNumber(pageCount)}
        </span>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next page
        </button>
      </div>
    </nav>
  )
}
