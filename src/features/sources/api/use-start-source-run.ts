import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { SourceRun, SourceRunRequest } from '../../../api/contract/sources'
import { isFinalRunState, sourceQueries, sourceRunQueries, startSourceRun } from '../../../api/queries/sources'
import { refreshAfterRun } from './refresh-after-run'

interface Submission {
  /** The request, written out, so a changed request is told apart from a retry of the same one. */
  signature: string
  idempotencyKey: string
  inFlight: Promise<SourceRun> | null
}

export interface RunStarter {
  start: (request: SourceRunRequest) => Promise<SourceRun>
  isPending: boolean
  error: Error | null
  reset: () => void
}

/**
 * Starts a source run so that one intention starts one run: the same request keeps its Idempotency-Key until
 * it succeeds (a retry after a network failure is answered with the run it may already have started), and a
 * second click while the first is on its way waits for that same answer instead of sending again.
 */
export function useStartSourceRun(): RunStarter {
  const queryClient = useQueryClient()
  const submission = useRef<Submission | null>(null)
  const mutation = useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SourceRunRequest; idempotencyKey: string }) =>
      startSourceRun(request, idempotencyKey),
    onSuccess: (run) => {
      queryClient.setQueryData(sourceRunQueries.detail(run.id).queryKey, run)
      // A run that is over by the time it is answered (a replayed request) is never seen ending by the poll.
      if (isFinalRunState(run.state)) return refreshAfterRun(queryClient, run)
      // Not awaited: the run is followed at once, while an import keeps the API busy and these lists wait their turn.
      void Promise.all([
        queryClient.invalidateQueries({
          queryKey: sourceRunQueries.all(),
          predicate: (query) => query.queryKey[1] !== 'detail',
        }),
        // The catalog shows the source as running; a simulated run leaves the catalog as it was.
        run.simulated ? null : queryClient.invalidateQueries({ queryKey: sourceQueries.all() }),
      ])
    },
  })
  const { mutateAsync } = mutation

  const start = useCallback(
    (request: SourceRunRequest) => {
      const signature = JSON.stringify(request)
      if (submission.current?.signature !== signature) {
        submission.current = { signature, idempotencyKey: crypto.randomUUID(), inFlight: null }
      }
      const current = submission.current
      if (current.inFlight) return current.inFlight
      current.inFlight = mutateAsync({ request, idempotencyKey: current.idempotencyKey }).then(
        (run) => {
          // Done: the next submission, even of the same values, is a new intention.
          if (submission.current === current) submission.current = null
          return run
        },
        (error: unknown) => {
          current.inFlight = null
          throw error
        },
      )
      return current.inFlight
    },
    [mutateAsync],
  )

  return { start, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset }
}
