import type { Context, Hono } from 'hono'
import type * as z from 'zod/mini'
import type { Endpoint, PathParamName } from '../../api/endpoints'
import { repeatedParams, type Route } from '../../api/route-table'
import type { AppEnv } from '../deps'
import { readJsonBody, readQuery } from './input'

/** What a handler is handed: its path parameters, and its query and JSON body already checked against the table. */
export interface EndpointInput<R extends Route> {
  params: Record<PathParamName<R['endpoint']['path']>, string>
  query: R['query'] extends z.ZodMiniObject ? z.infer<R['query']> : undefined
  body: R['body'] extends { kind: 'json'; schema: infer S extends z.ZodMiniType } ? z.infer<S> : undefined
}

type Handler<R extends Route> = (c: Context<AppEnv>, input: EndpointInput<R>) => Response | Promise<Response>

/** `/api/files/{id}` as Hono writes it: `/api/files/:id`. */
const honoPath = (endpoint: Endpoint) => endpoint.path.replace(/\{(\w+)\}/g, ':$1')

/**
 * Registers a handler on its route-table record. The table's schemas are the validation: a query parameter the
 * endpoint does not take, one given twice that does not repeat, or a body that does not match answers a problem
 * before the handler runs, so a handler only calls the domain and answers.
 */
export function handle<R extends Route>(app: Hono<AppEnv>, route: R, handler: Handler<R>) {
  const repeated = route.query ? repeatedParams(route.query) : new Set<string>()
  app.on(route.endpoint.method.toUpperCase(), honoPath(route.endpoint), async (c) => {
    const query = route.query ? readQuery(c, route.query, repeated) : undefined
    const body = route.body?.kind === 'json' ? await readJsonBody(c, route.body.schema, route.body.what) : undefined
    return handler(c, { params: c.req.param(), query, body } as EndpointInput<R>)
  })
}
