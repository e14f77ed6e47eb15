import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router-dom'
import * as z from 'zod/mini'
import { comparedKey, maxCompared, notAKey } from '../../../api/compare-keys'
import { Field } from '../../../components/field'
import { isNotFoundError } from '../../../api/error-message'
import { projectQueries } from '../../../api/queries/projects'

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
 * place to add one. The comparison is its address, so adding a key goes to the address with it, once the key is
 * known to name a project: a key no project has is named under the field, the text kept, where it went to the
 * address and was named only in the page's notes. The project is read into the cache the comparison reads, so it
 * shows at once; a failure other than "not found" is the comparison's to show.
 */
export function AddComparedKey({ keys, compare }: { keys: readonly string[]; compare: (keys: readonly string[]) => string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useForm<z.infer<typeof addedKey>>({ resolver: zodResolver(addedKey), defaultValues: { key: '' } })
  const full = keys.length >= maxCompared
  const submit = form.handleSubmit(async ({ key: typed }) => {
    const key = comparedKey(typed)!
    if (keys.includes(key)) return form.setError('key', { message: `${key} is compared already` })
    try {
      await queryClient.fetchQuery(projectQueries.detail(key))
    } catch (error) {
      if (isNotFoundError(error)) return form.setError('key', { message: `No project has the key ${key}` })
    }
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
      <button type="submit" disabled={full || form.formState.isSubmitting}>
        Add
      </button>
    </form>
  )
}
