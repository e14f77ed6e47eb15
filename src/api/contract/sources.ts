import { z } from 'zod'
import { pageOf, pageParam, perPageParam, projectKey, timestamp } from './common'

export const sourceKind = z.enum(['registry', 'rating', 'market', 'dataset'])
export const sourceState = z.enum(['healthy', 'stale', 'failing', 'running', 'never_run'])
export type SourceState = z.infer<typeof sourceState>

export const runState = z.enum(['queued', 'running', 'succeeded', 'failed'])
export type RunState = z.infer<typeof runState>
export const finalRunStates: readonly RunState[] = ['succeeded', 'failed']

export const source = z
  .object({
    id: z.string().meta({ example: 'src_verra' }),
    object: z.literal('source'),
    name: z.string(),
    kind: sourceKind,
    connector: z.string().meta({ example: 'marketsource' }),
    description: z.string(),
    registry: z.string().nullable().meta({ description: 'For a registry source, the registry whose projects it covers' }),
    cadence_hours: z.int().positive().meta({ description: 'How often the source is expected to refresh' }),
    last_success_at: timestamp.nullable(),
    age_hours: z.number().nonnegative().nullable(),
    projects_covered: z.int().nonnegative(),
    state: sourceState,
    last_run: z
      .object({ id: z.string(), state: runState, created_at: timestamp, finished_at: timestamp.nullable() })
      .nullable(),
  })
  .meta({ id: 'Source' })
export type Source = z.infer<typeof source>

export const sourceList = z.object({ object: z.literal('list'), data: z.array(source) }).meta({ id: 'SourceList' })
export type SourceList = z.infer<typeof sourceList>

export const maxRunProjectKeys = 1000

export const sourceRunRequest = z
  .object({
    source: z.string().min(1).max(100).meta({ description: 'Source id (`src_verra`) or connector name (`marketsource`)' }),
    project_keys: z
      .array(projectKey)
      .min(1)
      .max(maxRunProjectKeys, `A run covers at most ${maxRunProjectKeys} project keys`)
      .optional()
      .meta({ description: 'Restrict the run to these projects; absent means every project the source covers' }),
  })
  .strict()
  .meta({ id: 'SourceRunRequest' })
export type SourceRunRequest = z.infer<typeof sourceRunRequest>

export const sourceRun = z
  .object({
    id: z.string().meta({ example: 'run_01jc5x8q2h7k' }),
    object: z.literal('source_run'),
    source_id: z.string(),
    connector: z.string(),
    state: runState,
    simulated: z.boolean().meta({ description: 'A sandbox run: answered and followed, but it changes no data' }),
    project_keys: z.array(z.string()).nullable(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    progress: z.object({ processed: z.int().nonnegative(), total: z.int().nonnegative().nullable() }),
    counts: z.object({
      created: z.int().nonnegative(),
      updated: z.int().nonnegative(),
      unchanged: z.int().nonnegative(),
      skipped: z.int().nonnegative(),
    }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'SourceRun' })
export type SourceRun = z.infer<typeof sourceRun>

export const sourceRunListQuery = z.object({
  source: z.string().max(100).optional(),
  state: runState.optional(),
  page: pageParam,
  per_page: perPageParam(100, 20),
})
export const sourceRunPage = pageOf(sourceRun).meta({ id: 'SourceRunPage' })
export type SourceRunPage = z.infer<typeof sourceRunPage>
