import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm, type UseFormSetError } from 'react-hook-form'
import { ApiError } from '../../../api/client'
import { maxRunProjectKeys, type Source, type SourceRun, type SourceRunRequest } from '../../../api/contract/sources'
import { Field } from '../../../components/field'
import { describeError } from '../../../api/error-message'
import { useSandboxStatus } from '../../../api/rate-limit-status'
import { catalogueQueries } from '../../../api/queries/catalogue'
import type { RunStarter } from '../api/use-start-source-run'
import { runFormSchema, type RunFormValues } from '../lib/run-form-schema'

interface RunFormProps {
  sources: Source[]
  starter: RunStarter
  onStarted: (run: SourceRun) => void
  defaultSource?: string
}

/** Server answers name fields by the request's paths (`project_keys.3`); each lands on the control that caused it. */
function showServerErrors(error: unknown, setError: UseFormSetError<RunFormValues>) {
  if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) {
    error.fieldErrors.forEach(({ path, message }, index) => {
      const field = path.split('.')[0]
      if (field === 'source' || field === 'project_keys') setError(field, { type: 'server', message }, { shouldFocus: index === 0 })
      else setError('root.server', { type: 'server', message })
    })
    return
  }
  const { title, detail } = describeError(error)
  setError('root.server', { type: 'server', message: `${title}. ${detail}` })
}

/**
 * Why a source is listed but not offered, or null when it can run: with nothing real behind it the API refuses it
 * (409); a registry's data comes only as its export files; a simulated feed quotes only generated projects, so over
 * a catalogue of real ones its run could only fail ("the simulated market does not quote them"), though a file of
 * quotes still imports with it.
 */
function notOffered(source: Source, catalogueIsReal: boolean): string | null {
  if (!source.connected) return 'not connected'
  if (source.kind === 'registry') return 'import its export files with Import a file'
  if (source.simulated && catalogueIsReal) return source.accepts_files ? 'simulates generated projects only, import a quotes file with Import a file' : 'simulates generated projects only'
  return null
}

/** Starts a run of one source, for every project it covers or only the keys given. */
export function RunForm({ sources, starter, onStarted, defaultSource = '' }: RunFormProps) {
  const { isSandbox } = useSandboxStatus()
  const catalogue = useQuery(catalogueQueries.summary())
  const catalogueIsReal = catalogue.data !== undefined && catalogue.data.synthetic_projects === 0
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RunFormValues, unknown, SourceRunRequest>({
    resolver: zodResolver(runFormSchema),
    defaultValues: { source: defaultSource, project_keys: '' },
  })

  const submit = handleSubmit(async (request) => {
    try {
      onStarted(await starter.start(request))
    } catch (error) {
      showServerErrors(error, setError)
    }
  })

  return (
    <form className="run-form card" onSubmit={submit} noValidate aria-labelledby="run-form-title">
      <h2 id="run-form-title">Start a run</h2>
      {isSandbox && (
        <p className="alert alert-info">
          With the sandbox key a run is simulated: it is followed like a real one, but it changes no data.
        </p>
      )}
      <Field label="Source" error={errors.source?.message}>
        {(control) => (
          <select {...control} {...register('source')}>
            <option value="">Choose a source…</option>
            {sources.map((source) => {
              const why = notOffered(source, catalogueIsReal)
              return (
                <option key={source.id} value={source.id} disabled={why !== null}>
                  {source.name} ({source.connector}){why ? `, ${why}` : ''}
                </option>
              )
            })}
          </select>
        )}
      </Field>
      <Field
        label="Project keys (optional)"
        hint={`Leave empty to refresh every project the source covers, or list up to ${maxRunProjectKeys.toLocaleString('en-US')} keys separated by commas, spaces or new lines, e.g. VCS191, GS337.`}
        error={errors.project_keys?.message}
      >
        {(control) => <textarea {...control} {...register('project_keys')} rows={4} spellCheck={false} />}
      </Field>
      {errors.root?.server && (
        <p role="alert" className="alert alert-error">
          {errors.root.server.message}
        </p>
      )}
      <div className="run-form-actions">
        <button type="submit" aria-describedby={starter.isPending ? 'run-form-pending' : undefined}>
          Start run
        </button>
        {starter.isPending && (
          <span id="run-form-pending" className="muted" role="status">
            Starting the run…
          </span>
        )}
      </div>
    </form>
  )
}
