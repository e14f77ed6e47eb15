import { Hono } from 'hono'
import type { Source, SourceList } from '../../api/contract/sources'
import type { Catalogues } from '../catalogue/catalogues'
import { hoursSince } from '../catalogue/freshness'
import { listSourcesWithLastRun } from '../db/queries/sources'
import { sourceTraits } from '../core/sources-catalog'
import { scoped } from '../db/queries/scoped'
import type { AppEnv, Deps } from '../deps'

export const sourceRoutes = (deps: Deps, catalogues: Catalogues) =>
  new Hono<AppEnv>().get('/', async (c) => {
    const { dataset } = c.get('credential')
    const [rows, catalogue] = await Promise.all([listSourcesWithLastRun(scoped(deps.db, dataset)), catalogues.get(dataset)])
    const totals = new Map(catalogue.sources.map((source, j) => [source.id, catalogue.sourceTotals[j]]))
    const now = deps.now()
    const data: Source[] = rows.map(({ source, lastRun }) => {
      const coverage = totals.get(source.id)
      const lastSuccess = coverage && !Number.isNaN(coverage.lastSuccessMs) ? new Date(coverage.lastSuccessMs) : null
      const age = lastSuccess ? Math.round(hoursSince(lastSuccess.getTime(), now.getTime()) * 10) / 10 : null
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
