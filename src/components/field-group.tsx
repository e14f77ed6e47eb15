import { useId, type ReactNode } from 'react'

interface FieldGroupProps {
  legend: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/** A group of checkboxes or radios under one legend, with the group's hint and error linked to it. */
export function FieldGroup({ legend, error, hint, className, children }: FieldGroupProps) {
  const id = `group${useId()}`
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={['field-group', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
