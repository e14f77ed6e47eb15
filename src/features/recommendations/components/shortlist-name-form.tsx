import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { ApiError } from '../../../api/client'
import { describeError } from '../../../api/error-message'
import { shortlistName } from '../../../api/contract/shortlist-name'
import { Field } from '../../../components/field'
import { useRenameShortlist } from '../api/use-rename-shortlist'

interface ShortlistNameFormProps {
  id: string
  name: string | null
  onDone: () => void
}

/** The form holds the name as typed; the contract's own rule checks it. */
const nameForm = z.object({ name: shortlistName })

/**
 * Names one kept shortlist, in place; an empty name takes the name away. A refusal lands on the field. Escape
 * cancels, as Cancel does (and as it closes the delete question beside it).
 */
export function ShortlistNameForm({ id, name, onDone }: ShortlistNameFormProps) {
  const form = useForm({ resolver: zodResolver(nameForm), defaultValues: { name: name ?? '' } })
  const rename = useRenameShortlist()
  // An empty name (or spaces) takes the name away: the button says so, where "Save name" cleared it unannounced.
  // The text is kept from the field's change, as the split form keeps its choice (split-form.tsx says why).
  const [typed, setTyped] = useState(name ?? '')
  const removing = name !== null && typed.trim() === ''
  const submit = form.handleSubmit(({ name: given }) =>
    rename.mutate(
      { id, name: given.trim() || null },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = error instanceof ApiError ? (error.fieldErrors[0]?.message ?? describeError(error).detail) : describeError(error).detail
          form.setError('name', { type: 'server', message }, { shouldFocus: true })
        },
      },
    ),
  )
  return (
    <form className="shortlist-name-form" noValidate onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      {/* Opened in its row, beside the shortlist's link and id: "Name of shortlist rec_0mx5…" read its id out as the label. */}
      <Field label="Shortlist name" error={form.formState.errors.name?.message}>
        {(control) => <input {...control} {...form.register('name', { onChange: (event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.target.value) })} autoFocus autoComplete="off" />}
      </Field>
      <div className="shortlist-name-actions">
        <button type="submit" disabled={rename.isPending}>
          {removing ? 'Remove the name' : 'Save name'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
