import { sendJson } from './http/json-answer'
import { creditRoutes } from './routes/credits'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { openApiDocument } from '../api/openapi'
import { Catalogues } from './catalogue/catalogues'
import { CoverageMatrices } from './coverage/coverage-view'
import { isDatabaseUnavailable } from './db/engine/unavailable'
import { VersionedAnswers } from './db/versions/versioned-answers'
import { ProjectViews } from './projects/project-views'
import type { AppEnv, Deps } from './deps'
import { requireCredential } from './http/auth'
import { HttpProblem, problemResponse, storeBusy } from './http/problem'
import { StoreBusy } from './db/engine/store-turns'
import { limitSandbox } from './http/rate-limit'
import { CandidatePools } from './ranking/pool'
import { catalogueRoutes } from './routes/catalogue'
import { coverageRoutes } from './routes/coverage'
import { fileRoutes } from './routes/files'
import { priceRoutes } from './routes/prices'
import { projectRoutes } from './routes/projects'
import { ratingMethodRoutes } from './routes/rating-method'
import { recommendationRoutes } from './routes/recommendations'
import { sourceRunRoutes } from './routes/runs'
import { sourceRoutes } from './routes/sources'
import { beneficiaryRoutes } from './routes/beneficiaries'

/**
 * PostgreSQL refusing a value (a NUL byte in text, a number or a date out of range, a malformed date): the
 * client's input, so a 400.
 */
const unstorableCodes = new Set(['22021', '22P05', '22P02', '22003', '22001', '54000', '2201B', '22008', '22007'])
const isUnstorableInput = (error: unknown) => unstorableCodes.has(String((error as { code?: unknown })?.code))

/** Request id, logging, auth, the sandbox quota and error handling, set once for every resource. */
export function createApp(deps: Deps, onLiveWarm: (warmed: Promise<void>) => void = () => {}) {
  // One catalogue per dataset version; the project list, the candidate pool, the coverage matrix and the
  // source catalog's counts are views over it.
  const catalogues = new Catalogues(deps.db, deps.versions)
  const pools = new CandidatePools(catalogues)
  const matrices = new CoverageMatrices(catalogues)
  const projects = new ProjectViews(catalogues)
  // Answers read from the store, kept per dataset version within one byte budget shared by every route.
  const answers = new VersionedAnswers(deps.versions, deps.env.CREDENCE_ANSWER_CACHE_MIB * 1024 * 1024)
  // The live dataset is what the browser opens on; the sandbox's catalogue is read when the sandbox key first asks.
  onLiveWarm(projects.warm(['live']))
  // Made when first asked for rather than at start: about 40 ms of a start's second of CPU, for a document few ask for.
  let document: ReturnType<typeof openApiDocument> | undefined
  const tokens = { access: deps.env.CREDENCE_ACCESS_TOKENS, sandbox: deps.env.CREDENCE_SANDBOX_KEY }

  const app = new Hono<AppEnv>()
  // A client's own id is kept only when short and plain (letters, digits, - _ =); else one is made.
  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }))
  if (deps.env.CREDENCE_LOG === 'info') {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
  app.use(secureHeaders({ crossOriginResourcePolicy: 'same-origin', xFrameOptions: 'DENY' }))
  app.use(compress())
  app.get('/api/openapi.json', (c) => sendJson(c, (document ??= openApiDocument()), 200))
  app.use('/api/*', requireCredential(tokens))
  app.use('/api/*', async (c, next) => {
    await deps.ready?.(c.get('credential').dataset)
    await next()
  })
  app.use('/api/*', limitSandbox(deps.limiter))

  // Each module registers its handlers on the route table's records (http/endpoint.ts).
  recommendationRoutes(app, deps, pools, projects)
  projectRoutes(app, deps, projects, answers)
  ratingMethodRoutes(app)
  priceRoutes(app, projects)
  sourceRoutes(app, deps, catalogues)
  sourceRunRoutes(app, deps)
  fileRoutes(app, deps)
  catalogueRoutes(app, deps)
  coverageRoutes(app, deps, matrices)
  creditRoutes(app, deps, answers)
  beneficiaryRoutes(app, deps, answers)

  app.notFound((c) =>
    problemResponse(c, new HttpProblem(404, 'not-found', 'Not found', `No endpoint ${c.req.method} ${c.req.path.slice(0, 200)}; GET /api/openapi.json lists them.`)),
  )
  app.onError((error, c) => {
    if (error instanceof HttpProblem) return problemResponse(c, error)
    if (error instanceof URIError) {
      return problemResponse(c, new HttpProblem(400, 'malformed-request', 'Malformed URL', 'The URL has an invalid percent-encoding.'))
    }
    if (isUnstorableInput(error)) {
      return problemResponse(c, new HttpProblem(400, 'malformed-request', 'Unusable input', 'The request holds a value that cannot be stored or compared, such as a NUL character or a number out of range.'))
    }
    if (error instanceof StoreBusy) return problemResponse(c, storeBusy(error.waitedMs))
    if (isDatabaseUnavailable(error)) {
      return problemResponse(
        c,
        new HttpProblem(503, 'service-unavailable', 'Service unavailable', 'The database is unavailable. Nothing was changed; try again shortly.', {
          headers: { 'Retry-After': '5' },
        }),
      )
    }
    console.error(`request ${c.get('requestId')} failed:`, error)
    return problemResponse(c, new HttpProblem(500, 'internal', 'Internal error', 'Something went wrong on our side; the request id identifies it in our logs.'))
  })
  return app
}
