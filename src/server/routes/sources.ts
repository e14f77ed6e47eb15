import { Hono } from 'hono'
import type { Source, SourceList } from '../../api/contract/sources'
import { sourceTraits } from '../data/sources-catalog'
import { listSourcesWithStats } from '../db/queries/sources'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'
import { hoursSince } from '../present/freshness'

export const sourceRoutes = (deps: Deps) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const rows = await listSourcesWithStats(scoped(deps.db, c.get('credential').dataset))
    const now = deps.now()
    const data: Source[] = rows.map(({ source, coverage, lastRun }) => {
      const lastSuccess = coverage?.last_success_at ? new Date(coverage.last_success_at) : null
      const age = lastSuccess ? Math.round(hoursSince(lastSuccess, now) * 10) / 10 : null
      const state: Source['state'] =
        lastRun && (lastRun.state === 'queued' || lastRun.state === 'running')
          ? 'running'
          : lastRun?.state === 'failed'
            ? 'failing'
            : age === null
              ? 'never_run'
              : age > source.cadence_hours
                ? 'stale'
                : 'healthy'
      const traits = sourceTraits(source)
      return {
        id: source.id,
        object: 'source',
        name: source.name,
        kind: source.kind as Source['kind'],
        connector: source.connector,
        description: source.description,
        registry: source.registry,
        cadence_hours: source.cadence_hours,
        last_success_at: lastSuccess?.toISOString() ?? null,
        age_hours: age,
        projects_covered: Number(coverage?.projects ?? 0),
        state,
        simulated: traits.simulated,
        connected: traits.connected,
        accepts_files: traits.acceptsFiles,
        attribution: traits.attribution,
        last_run: lastRun
          ? {
              id: lastRun.id,
              state: lastRun.state as Source['state'] & ('queued' | 'running' | 'succeeded' | 'failed'),
              created_at: new Date(lastRun.created_at).toISOString(),
              finished_at: lastRun.finished_at ? new Date(lastRun.finished_at).toISOString() : null,
            }
          : null,
      }
    })
    const body: SourceList = { object: 'list', data }
    return c.json(body, 200)
  })
