import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import * as z from 'zod/mini'
import { comparedKey, maxCompared, notAKey } from '../../../api/compare-keys'
import { Field } from '../../../components/field'

/** One key, read as the address reads one (`comparedKey`). */
const addedKey = z.object({
  key: z.string().check(
    z.superRefine((typed, ctx) => {
      if (typed.trim() === '') ctx.addIssue({ code: 'custom', message: 'Type a project key, e.g. VCS934.' })
      else if (comparedKey(typed) === null) ctx.addIssue({ code: 'custom', message: `${notAKey(typed)}.` })
    }),
  ),
})

/**
 * Adds a project to the comparison by its key: the page's notes say "add another key", and the address was the only
 * place to add one. The comparison is its address, so adding a key goes to the address with it.
 */
export function AddComparedKey({ keys, compare }: { keys: readonly string[]; compare: (keys: readonly string[]) => string }) {
  const navigate = useNavigate()
  const form = useForm<z.infer<typeof addedKey>>({ resolver: zodResolver(addedKey), defaultValues: { key: '' } })
  const full = keys.length >= maxCompared
  const submit = form.handleSubmit(({ key: typed }) => {
    const key = comparedKey(typed)!
    if (keys.includes(key)) return form.setError('key', { message: `${key} is compared already` })
    form.reset({ key: '' })
    navigate(compare([...keys, key]))
  })
  return (
    <form className="add-compared-key" noValidate onSubmit={submit} aria-label="Add a project to the comparison">
      <Field
        label="Add a project by its key"
        hint={full ? `${maxCompared} projects are compared, the most at once: remove one to add another.` : undefined}
        error={form.formState.errors.key?.message}
      >
        {(control) => <input {...control} {...form.register('key')} autoComplete="off" spellCheck={false} disabled={full} />}
      </Field>
      <button type="submit" disabled={full}>
        Add
      </button>
    </form>
  )
}
