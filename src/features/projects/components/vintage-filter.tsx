import { useId } from 'react'

interface VintageFilterProps {
  /** Earliest and latest vintage among the projects the other filters leave. */
  range: { min: number | null; max: number | null }
  value: number | undefined
  onChange: (next: number | undefined) => void
}

/**
 * Only years that leave at least one project are offered: up to the latest vintage in the current result. It reads a
 * project's first vintage, as Berkeley's file gives it, and says so: a brief's minimum vintage asks for credits of
 * that vintage or later on sale, which a project first issued earlier may have.
 */
export function VintageFilter({ range, value, onChange }: VintageFilterProps) {
  const id = useId()
  const hint = useId()
  const years: number[] = []
  if (range.min !== null && range.max !== null) for (let y = range.max; y >= range.min; y--) years.push(y)
  if (value !== undefined && !years.includes(value)) years.unshift(value)
  return (
    <div className="field vintage-filter">
      <label htmlFor={id}>First vintage</label>
      <select
        id={id}
        aria-describedby={hint}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Any vintage</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year} or later
          </option>
        ))}
      </select>
      <p id={hint} className="field-hint">
        The project&apos;s first year of credits
      </p>
    </div>
  )
}
