import { useId, useState } from 'react'
import type { FacetValue } from '../../../api/contract/projects'
import { formatNumber } from '../../../lib/format'

interface FacetFilterProps {
  legend: string
  /** The values the API publishes under the other filters, each with how many projects it yields. */
  values: FacetValue[]
  selected: string[]
  onChange: (next: string[]) => void
  labelOf: (value: string) => string
  /** Start open: for short, often-used lists such as labels. */
  defaultOpen?: boolean
}

/**
 * One filter as a folding list of checkboxes. A value that would yield no project is not offered, unless it is
 * already chosen, so it can still be unticked.
 */
export function FacetFilter({ legend, selected, defaultOpen, ...list }: FacetFilterProps) {
  // Decided once: re-deciding on every change would fold the list away as its last value is unticked.
  const [initiallyOpen] = useState(Boolean(defaultOpen || selected.length > 0))
  const [open, setOpen] = useState(initiallyOpen)
  return (
    <details className="facet" open={initiallyOpen || undefined} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {legend}
        {selected.length > 0 && <span className="facet-selected"> ({selected.length} chosen)</span>}
      </summary>
      {/* A folded list is not rendered: a hundred countries' checkboxes, redrawn on every filter change, cost
          more than the new rows themselves. */}
      {open && <FacetValues legend={legend} selected={selected} {...list} />}
    </details>
  )
}

const findThreshold = 12

function FacetValues({ legend, values, selected, onChange, labelOf }: Omit<FacetFilterProps, 'defaultOpen'>) {
  const findId = useId()
  const [find, setFind] = useState('')
  const offered = values.filter((facet) => facet.count > 0 || selected.includes(facet.value))
  for (const value of selected) if (!offered.some((facet) => facet.value === value)) offered.push({ value, count: 0 })
  // What was chosen when the panel opened stands first: a link to "Type: Unknown" opened the panel with its one ticked
  // value far down a scrolling list and every value in view unticked. Ticked later, a value stays where it was.
  const [chosenAtOpen] = useState(selected)
  const ordered = [...offered.filter((facet) => chosenAtOpen.includes(facet.value)), ...offered.filter((facet) => !chosenAtOpen.includes(facet.value))]
  const needle = find.trim().toLowerCase()
  const shown = needle ? ordered.filter((facet) => labelOf(facet.value).toLowerCase().includes(needle)) : ordered
  const toggle = (value: string, checked: boolean) =>
    onChange(checked ? [...selected, value] : selected.filter((v) => v !== value))

  return (
    <fieldset className="facet-panel">
      <legend className="visually-hidden">{legend}</legend>
      {offered.length > findThreshold && (
        <div className="facet-find">
          <label htmlFor={findId}>Find {legend.toLowerCase()}</label>
          <input id={findId} type="search" value={find} onChange={(event) => setFind(event.target.value)} />
        </div>
      )}
      {offered.length === 0 && <p className="muted">No values under the current filters.</p>}
      <ul className="facet-values">
        {shown.map((facet) => (
          <li key={facet.value}>
            <label className="check">
              <input
                type="checkbox"
                checked={selected.includes(facet.value)}
                onChange={(event) => toggle(facet.value, event.target.checked)}
              />
              <span className="facet-label">{labelOf(facet.value)}</span>{' '}
              <span className="facet-count">
                {formatNumber(facet.count)} <span className="visually-hidden">{facet.count === 1 ? 'project' : 'projects'}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
