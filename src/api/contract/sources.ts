import * as z from 'zod/mini'
import { count, described, pageOf, pageParam, perPageParam, positiveInt, projectKey, timestamp } from './common'
import { endpointName, endpoints } from '../endpoints'

export const sourceKind = z.enum(['registry', 'rating', 'market', 'dataset'])
export type SourceKind = z.infer<typeof sourceKind>
export const sourceState = z.enum(['healthy', 'stale', 'failing', 'running', 'never_run'])
export type SourceState = z.infer<typeof sourceState>

/**
 * Where a run's as-of date came from: the run's request, the release its file's name states, the newest date its
 * contents state, or, where none of them says, the file's own date: its upload, or its last change for a file the
 * source reads from the server's disk (a guess the run says it made).
 */
export const asOfBasis = z.enum(['requested', 'file_name', 'contents', 'file_date'])
export type AsOfBasis = z.infer<typeof asOfBasis>

export const runState = z.enum(['queued', 'running', 'succeeded', 'failed'])
export type RunState = z.infer<typeof runState>
export const finalRunStates: readonly RunState[] = ['succeeded', 'failed']

export const source = z
  .object({
    id: z.string().check(z.meta({ example: 'src_verra' })),
    object: z.literal('source'),
    name: z.string(),
    kind: sourceKind,
    connector: z.string().check(z.meta({ example: 'marketsource' })),
    description: z.string(),
    registry: described(z.nullable(z.string()), 'For a registry source, the registry whose projects it covers'),
    cadence_hours: described(positiveInt(), 'How often the source is expected to refresh'),
    last_success_at: described(
      z.nullable(timestamp),
      "The newest data a succeeded run of it brought (the data's as-of date, else when the run finished), an import's date no newer than the newest its real projects' coverage still holds (a file imported again as of an earlier day corrects it); null until one succeeded. The open rating counts Berkeley's imports, which rate what they bring, and the newest facts it rated a real project on: a registry's import rates its new listings as of its export's date",
    ),
    age_hours: z.nullable(z.number().check(z.nonnegative())),
    projects_covered: count(),
    state: described(
      sourceState,
      "`running` while a run is queued or under way; `failing` when its newest run failed for the source's sake (a run that refused the file it was given does not count: see the run's `error`); else `never_run`, `stale` or `healthy` by its last success against its cadence",
    ),
    simulated: described(z.boolean(), 'Its data is generated on this machine, not read from the real source'),
    connected: described(
      z.boolean(),
      'Whether a real source is behind it on this machine; a run of a source that is not connected is refused (409)',
    ),
    accepts_files: described(z.boolean(), 'A run may import an uploaded file (`file_id`) with this source\'s connector'),
    attribution: described(z.nullable(z.string()), 'The credit its data must carry wherever it is shown'),
    last_run: z.nullable(
      z.object({ id: z.string(), state: runState, created_at: timestamp, finished_at: z.nullable(timestamp) }),
    ),
  })
  .check(z.meta({ id: 'Source' }))
export type Source = z.infer<typeof source>

export const sourceList = z.object({ object: z.literal('list'), data: z.array(source) }).check(z.meta({ id: 'SourceList' }))
export type SourceList = z.infer<typeof sourceList>

export const maxRunProjectKeys = 1000

/** No registry export describes credits before the voluntary market's first registries. */
export const earliestAsOf = '1990-01-01'

/**
 * Today's date where it is latest (UTC+14), so a date that is already today somewhere is never refused; later
 * dates are: data cannot be as of a day that has not come, and would read as fresh for ever.
 */
export const latestToday = (now = Date.now()) => new Date(now + 14 * 3600_000).toISOString().slice(0, 10)

const fileId = z.string().check(z.regex(/^file_[A-Za-z0-9]{1,64}$/, 'A file id looks like file_…'))
/** The most files one run imports: a registry's export is at most four or five. */
export const maxRunFiles = 10

export const sourceRunRequest = z
  .strictObject({
    source: described(
      z.string().check(z.minLength(1), z.maxLength(100)),
      'Source id (`src_verra`) or connector name (`marketsource`)',
    ),
    project_keys: described(
      z.optional(
        z
          .array(projectKey)
          .check(z.minLength(1), z.maxLength(maxRunProjectKeys, `A run covers at most ${maxRunProjectKeys} project keys`)),
      ),
      'Restrict the run to these projects; absent means every project the source covers',
    ),
    file_id: described(
      z.optional(fileId),
      `An uploaded file (${endpointName(endpoints.uploadFile)}) to import with the source's connector`,
    ),
    file_ids: described(
      z.optional(z.array(fileId).check(z.minLength(1), z.maxLength(maxRunFiles, `A run imports at most ${maxRunFiles} files`))),
      "Several uploaded files imported in one run, applied together or not at all: a registry's export is several files (projects, issuances, retirements, cancellations). Give `file_id` or `file_ids`, not both",
    ),
    as_of: described(
      z.optional(
        z.iso.date('A calendar date, YYYY-MM-DD').check(
          z.refine((date) => date >= earliestAsOf && date <= latestToday(), `A date from ${earliestAsOf} to today`),
        ),
      ),
      `The as-of date of the data (YYYY-MM-DD), from ${earliestAsOf} to today; absent: from the file name, else its contents, else the upload date`,
    ),
  })
  .check(
    z.refine((request) => !(request.file_id && request.file_ids), { message: 'Give file_id or file_ids, not both', path: ['file_ids'] }),
    z.meta({ id: 'SourceRunRequest' }),
  )
export type SourceRunRequest = z.infer<typeof sourceRunRequest>

/** What a run's progress counts: projects, credit records, or rows of its files. */
export const progressUnit = z.enum(['projects', 'records', 'rows'])
export type ProgressUnit = z.infer<typeof progressUnit>

const changes = (what: string) =>
  described(
    z.optional(z.object({ created: count(), updated: count(), unchanged: count() })),
    `${what}: how many the run added, rewrote because the source says something new of them, and found as they were`,
  )

/**
 * What a run changed, one kind at a time: a registry's export both lists projects and records credits, and a
 * total of the two says neither. Only the kinds the run's connector writes are present.
 */
export const runCountsByKind = z
  .object({
    projects: changes("Projects: a registry's new listings, or Berkeley's projects"),
    records: changes('Credit records (issuances, retirements, cancellations), each by its identity'),
    quotes: changes("Quotes of a buyer's quotes file"),
    prices: changes('Spot prices of the simulated market'),
    ratings: changes("Projects' open ratings, recomputed from their facts"),
    unmapped: described(
      z.optional(z.object({ types: count(), countries: count() })),
      "A registry's new listings that no rule of Credence's vocabulary maps: `types`, typed `Unknown` with the registry's own words kept in `type_as_published`; `countries`, a country the table does not know, kept as written with region `Unknown`. Absent where the run made no listing",
    ),
    read: described(
      z.optional(z.object({ rows: count(), joined_rows: count(), paired_rows: z.optional(count()), paired_because: z.optional(z.array(z.string())), repeated_records: count(), outside_run: count() })),
      "What a registry's export gave, so the run's counts reconcile with its files: `rows`, their data rows; `joined_rows`, rows added to the record an earlier row of the same issuance began (ACR, CAR and ART write an issuance a batch a row; Verra's issuances run over several blocks); `repeated_records`, records an earlier file of the run gave already (the same export given twice, or one record two files give: Cercarbono's issuances, in its issuances file and in its projects' serials), counted once; `outside_run`, records and listings of projects the run was not asked for (`project_keys`); `paired_rows`, rows that gave more than one record or project, each one beyond the first (Verra writes a retirement or cancellation on the row of the block it takes; ACR's and the Reserve's issuances, Isometric's, give their buffer pool's part; a Cercarbono listing gives its project and its serials' issuances; absent for runs finished before runs counted them), and `paired_because` why, as each file's format says (\"of issuances' parts into the buffer pool\"; absent for runs finished before runs said). `rows` is the records and projects counted, `joined_rows`, `repeated_records`, `outside_run` and `skipped.rows` together, less `paired_rows`: Verra's sample, 250 rows, is 50 projects, 215 records and 85 joined rows less 100 paired. Absent for runs of other sources, and for runs finished before runs said it",
    ),
    skipped: described(
      z.object({ rows: count(), projects: count() }),
      "`counts.skipped` by what was left out: rows of the run's files it could not take (see `skipped_rows`), and projects (a requested key the source does not cover, a project the source does not price)",
    ),
  })
  .check(z.meta({ id: 'SourceRunCountsByKind' }))
export type RunCountsByKind = z.infer<typeof runCountsByKind>
/** The kinds of thing a run writes, in the order a run's account names them. */
export const countedKinds = ['projects', 'records', 'quotes', 'prices', 'ratings'] as const satisfies readonly (keyof RunCountsByKind)[]
export type CountedKind = (typeof countedKinds)[number]

export const runFile = z.object({
  id: z.string(),
  name: described(z.string(), 'The name it was uploaded under'),
  bytes: described(z.nullable(count()), 'Its size in bytes; null for runs queued before sizes were kept'),
  sha256: described(
    z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
    'Hex SHA-256 of its bytes; null for runs queued before digests were kept. Kept after the upload itself is removed',
  ),
})

/** A project a run left out, and why. */
export const skippedProject = z.object({ key: z.string(), reason: z.string() })
export type SkippedProject = z.infer<typeof skippedProject>

/** A row of a run's file that the run left out, where it is and why. */
export const runSkippedRow = z.object({
  row: described(count(), "Its 1-based position among its file's data rows: the header and blank lines are not counted"),
  file: described(z.nullable(z.string()), 'The name of the file it is in; null for runs finished before runs named it'),
  reason: z.string(),
})
export type RunSkippedRow = z.infer<typeof runSkippedRow>

/**
 * The codes of a run that failed because of the file it was given (of another source's format or of none, past the
 * import limits, or an upload gone before the run read it): nothing was changed, and the source's own state stays as
 * its data is.
 */
export const fileRefusalCodes = ['file_not_registry_export', 'file_not_vrod', 'file_not_quotes', 'file_too_large', 'file_not_found'] as const
export type FileRefusalCode = (typeof fileRefusalCodes)[number]

export const sourceRun = z
  .object({
    id: z.string().check(z.meta({ example: 'run_01jc5x8q2h7k' })),
    object: z.literal('source_run'),
    source_id: z.string(),
    connector: z.string(),
    state: runState,
    simulated: described(z.boolean(), 'A sandbox run: answered and followed, but it changes no data'),
    project_keys: z.nullable(z.array(z.string())),
    file: described(z.nullable(z.object({ id: z.string(), name: z.string() })), 'The uploaded file the run imports (the first, when it imports several)'),
    files: described(z.array(runFile), 'Every uploaded file the run imports, in the order given'),
    as_of: described(z.nullable(timestamp), 'The as-of date of the data the run imports, once known'),
    as_of_basis: described(
      z.nullable(asOfBasis),
      "Where `as_of` came from: `requested`, `file_name`, `contents` (its newest date) or `file_date` (none said: the upload, or a server file's last change). Null until known, for data the run dates (prices, quotes), and for older runs",
    ),
    created_at: timestamp,
    started_at: z.nullable(timestamp),
    finished_at: z.nullable(timestamp),
    progress: z.object({
      processed: count(),
      total: z.nullable(count()),
      of: described(
        z.array(progressUnit),
        "What `processed` and `total` count: `projects`, `rows`, or for a registry's export `projects` and `records` together (its listings and its credit records); empty until the run reports progress",
      ),
    }),
    counts: described(
      z.object({ created: count(), updated: count(), unchanged: count(), skipped: count() }),
      'Totals over every kind the run writes; `counts_by_kind` says what each is of',
    ),
    counts_by_kind: described(
      z.nullable(runCountsByKind),
      'What the run changed, by kind; null until the run succeeded, and for runs finished before runs counted by kind',
    ),
    skipped_rows: described(
      z.array(runSkippedRow),
      'The first rows the run skipped (at most 10), each by its file and its position in it, with why',
    ),
    skipped_projects: described(
      z.array(skippedProject),
      'The first projects the run left out (at most 10), by key, with why: a requested key the source does not cover, a project the source does not price. `counts_by_kind.skipped.projects` counts them all; empty for runs finished before runs named them',
    ),
    error: described(
      z.nullable(z.object({ code: z.string(), message: z.string() })),
      `Why a failed run failed; null otherwise. A file refused (${fileRefusalCodes.map((c) => `\`${c}\``).join(', ')}) fails its run without making its source \`failing\``,
    ),
  })
  .check(z.meta({ id: 'SourceRun' }))
export type SourceRun = z.infer<typeof sourceRun>

export const sourceRunListQuery = z.object({
  source: z.optional(z.string().check(z.maxLength(100))),
  state: z.optional(runState),
  page: pageParam,
  per_page: perPageParam(100, 20),
})
export const sourceRunPage = pageOf(sourceRun).check(z.meta({ id: 'SourceRunPage' }))
export type SourceRunPage = z.infer<typeof sourceRunPage>
