import { useId, type ReactNode } from 'react'

/** Attributes the wrapped control must carry so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

interface FieldProps {
  label: ReactNode
  /** The validation message; shown under the control and linked to it. */
  error?: string
  hint?: ReactNode
  id?: string
  className?: string
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A labelled control with its hint and error:
 * `<Field label="Budget (USD)" error={errors.budget_usd?.message}>{(p) => <input {...p} {...register('budget_usd')} />}</Field>`
 */
export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generated = useId()
  const controlId = id ?? `field${generated}`
  const hintId = `${controlId}-hint`
  const errorId = `${controlId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
