import { functionalUpdate, useTable, type PaginationState, type SortingState } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { ProjectPage } from '../../../api/contract/projects'
import { useColumnVisibility } from '../lib/use-column-visibility'
import type { BrowserReturnState } from '../lib/browser-return'
import { sortFromParam, sortToParam, type BrowserSearch } from '../lib/browser-search'
import { ColumnVisibilityMenu } from './column-visibility-menu'
import { projectColumns, projectTableFeatures } from './project-columns'
import { ProjectTableHeader } from './project-table-head'
import { useMediaQuery } from '../../../lib/use-media-query'
import { cardHeight, ProjectTableRow, rowHeight as tableRowHeight } from './project-table-row'
import { TablePager } from './table-pager'
import { useRowNavigation } from './use-row-navigation'
import { forgetOpened, openedFrom, rememberOpened } from '../lib/opened-project'

const headerHeight = 44
/** A card's bar of sorts: two lines of them on a phone (project-browser.css). */
const cardBarHeight = 84
/** Where rows become cards; the same width as the stylesheet's. */
const cardQuery = '(max-width: 40rem)'
/** Every column, for a card: its first vintage, hidden from the table until asked for, is one of a card's sorts. */
const cardColumns = {}

interface ProjectTableProps {
  page: ProjectPage
  search: BrowserSearch
  onSearchChange: (patch: Partial<BrowserSearch>) => void
  projectHref: (key: string) => string
  /** New rows are on their way; the current ones stay on screen meanwhile. */
  busy: boolean
  toolbar?: React.ReactNode
  selectedKeys: readonly string[]
  onToggleSelected: (key: string) => void
}

/** The one owner of the table instance: the URL holds sort and page, the server does the work. */
export function ProjectTable({
  page,
  search,
  onSearchChange,
  projectHref,
  busy,
  toolbar,
  selectedKeys,
  onToggleSelected,
}: ProjectTableProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const [columnVisibility, setColumnVisibility] = useColumnVisibility()
  const sorting = useMemo<SortingState>(() => [sortFromParam(search.sort)], [search.sort])
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: search.page - 1, pageSize: search.per_page }),
    [search.page, search.per_page],
  )
  const meta = useMemo(
    () => ({
      projectHref,
      returnState: { browserSearch: location.search } satisfies BrowserReturnState,
      isSelected: (key: string) => selectedKeys.includes(key),
      toggleSelected: onToggleSelected,
    }),
    [projectHref, location.search, selectedKeys, onToggleSelected],
  )

  // On a phone each row is a card (project-browser.css), whose cells are its own whatever columns are chosen: the
  // stylesheet draws those and leaves the rest out, and the virtualizer is told its height.
  const cards = useMediaQuery(cardQuery)
  const table = useTable({
    features: projectTableFeatures,
    columns: projectColumns,
    data: page.data,
    getRowId: (project) => project.id,
    meta,
    manualSorting: true,
    manualPagination: true,
    rowCount: page.total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, pagination, columnVisibility: cards ? cardColumns : columnVisibility },
    onSortingChange: (updater) => onSearchChange({ sort: sortToParam(functionalUpdate(updater, sorting)[0]) }),
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination)
      onSearchChange({ page: next.pageIndex + 1, per_page: next.pageSize as BrowserSearch['per_page'] })
    },
    onColumnVisibilityChange: (updater) => setColumnVisibility(functionalUpdate(updater, columnVisibility)),
  })

  const rowHeight = cards ? cardHeight : tableRowHeight
  const barHeight = cards ? cardBarHeight : headerHeight
  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = table.getRowModel().rows
  // The app is not compiled with the React Compiler; the rows are memoized by hand instead.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index].id,
    overscan: 12,
    scrollPaddingStart: barHeight,
    useFlushSync: false,
  })
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight])
  const navigation = useRowNavigation({
    count: rows.length,
    rowsPerScreen: () => Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 440) - barHeight) / rowHeight)),
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    onOpen: (index) => {
      rememberOpened(location.search, rows[index].original.key)
      navigate(projectHref(rows[index].original.key), { state: meta.returnState })
    },
    onToggle: (index) => onToggleSelected(rows[index].original.key),
    container: scrollRef,
  })

  // A new page or a new filter starts at its first row.
  const { setActive } = navigation
  useEffect(() => {
    // Only when scrolled: writing scrollTop forces a layout even when nothing moves.
    if (scrollRef.current && scrollRef.current.scrollTop > 0) scrollRef.current.scrollTop = 0
    setActive(0)
  }, [page.data, setActive])

  // Back from a project opened here (the browser's Back, or the page's "Back to projects"), its row takes the focus
  // again, after the page's content has taken it (app-frame.tsx) as on every navigation; once, and only on the list
  // the project was opened from.
  const { focusRow } = navigation
  const focusRestored = useRef(false)
  useEffect(() => {
    if (focusRestored.current) return
    const key = openedFrom(location.search)
    const index = key === null ? -1 : rows.findIndex((row) => row.original.key === key)
    if (index < 0) return
    const frame = requestAnimationFrame(() => {
      focusRestored.current = true
      forgetOpened()
      focusRow(index)
    })
    return () => cancelAnimationFrame(frame)
  }, [location.search, rows, focusRow])

  const items = virtualizer.getVirtualItems()
  const visibleColumns = table.getVisibleLeafColumns()
  const columnsKey = visibleColumns.map((column) => column.id).join()
  const paddingTop = items.length > 0 ? items[0].start : 0
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0
  const tabbable = items.some((item) => item.index === navigation.active) ? navigation.active : items[0]?.index

  return (
    <div className="project-table-block">
      <div className="project-table-toolbar">
        {toolbar}
        {/* A card shows its four cells whatever is chosen; the choice waits, kept, for a wider screen. */}
        {!cards && <ColumnVisibilityMenu columns={table.getAllLeafColumns()} />}
      </div>
      <p className="visually-hidden" id="project-table-help">
        Use the up and down arrow keys to move between projects, Enter to open one and Space to tick it for comparison.
      </p>
      <div className="project-table-scroll" ref={scrollRef}>
        <table
          className={cards ? 'project-table project-table-cards' : 'project-table'}
          style={cards ? undefined : { minWidth: `${visibleColumns.reduce((sum, column) => sum + (column.columnDef.meta?.width ?? 8), 0)}rem` }}
          aria-rowcount={rows.length + 1} aria-busy={busy || undefined} aria-describedby="project-table-help">
          <caption className="visually-hidden">Projects, page {search.page}</caption>
          <colgroup>
            {visibleColumns.map((column) => (
              <col key={column.id} style={{ width: `${column.columnDef.meta?.width ?? 8}rem` }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1} style={cards ? undefined : { height: headerHeight }}>
              {table.getHeaderGroups()[0].headers.map((header) => (
                <ProjectTableHeader key={header.id} header={header} />
              ))}
            </tr>
          </thead>
          <tbody
            onKeyDown={navigation.onKeyDown}
            onFocus={navigation.onFocus}
            onClick={navigation.onClick}
            // The key's link opens its project by itself: remembered as a row's Enter or click is.
            onClickCapture={(event) => {
              const link = (event.target as HTMLElement).closest('tr[data-index] a')
              const index = link ? Number((link.closest('tr[data-index]') as HTMLElement).dataset.index) : -1
              if (index >= 0) rememberOpened(location.search, rows[index].original.key)
            }}>
            {paddingTop > 0 && (
              <tr aria-hidden="true" className="spacer-row" style={{ height: paddingTop }}>
                <td colSpan={visibleColumns.length} />
              </tr>
            )}
            {items.map((item) => (
              <ProjectTableRow
                key={item.key}
                row={rows[item.index]}
                index={item.index}
                tabbable={item.index === tabbable}
                columnsKey={columnsKey}
                selected={selectedKeys.includes(rows[item.index].original.key)}
                height={rowHeight}
              />
            ))}
            {paddingBottom > 0 && (
              <tr aria-hidden="true" className="spacer-row" style={{ height: paddingBottom }}>
                <td colSpan={visibleColumns.length} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <TablePager table={table} total={page.total} />
    </div>
  )
}
