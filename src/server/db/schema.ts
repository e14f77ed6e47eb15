import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'
import type { ProjectStatus, QualityGrade, ReductionRemoval, RegistryCode } from '../../api/contract/common'
import type { AsOfBasis, ProgressUnit, RunCountsByKind, RunState, SourceKind } from '../../api/contract/sources'
import type { CreditKind } from '../../api/contract/credits'

/**
 * Tables of one dataset. The live data and the sandbox's fixed data are two PostgreSQL schemas of the same
 * shape (`live`, `sandbox`); which one a request sees follows from its credential.
 */
export interface ProjectTable {
  id: string
  key: string
  name: string
  registry: RegistryCode
  status: ProjectStatus
  scope: string
  type: string
  /** The type as the source spelled it, where the catalogue's one spelling differs; null when the same. */
  type_as_published: ColumnType<string | null, string | null | undefined, string | null>
  reduction_removal: ReductionRemoval
  region: string
  country: string
  state: string | null
  methodology: string | null
  developer: string | null
  website: string | null
  vintage: number | null
  /** bigint columns arrive as strings from PostgreSQL; the queries cast them to numbers where they read them. */
  issued: ColumnType<string, number | string, number | string>
  retired: ColumnType<string, number | string, number | string>
  remaining: ColumnType<string, number | string, number | string>
  buffer: ColumnType<string, number | string, number | string>
  labels: string[]
  co_benefits: string[]
  sdgs: number[]
  listed_at: string | null
  registered_at: string | null
  quality_score: number | null
  quality_grade: QualityGrade | null
  updated_at: ColumnType<Date, Date | string, Date | string>
  /** A generated project, not a real registry record; never mixed with real ones in the live catalogue. */
  synthetic: ColumnType<boolean, boolean | undefined, boolean>
  /**
   * The project's id in California's or Washington's compliance offset programme (Berkeley's `ARB / WA ID`,
   * `CAMM5746`), where it has one: listings that share it are one project listed by two registries (migration 036).
   */
  compliance_id: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * One project's credits in one year, from Berkeley's four per-year blocks. Counts can be negative where a
 * registry reversed an earlier entry.
 */
export interface CreditYearTable {
  project_id: string
  year: number
  /** Credits of this vintage issued (at any time). */
  issued_by_vintage: ColumnType<string, number | string, number | string>
  /** Credits issued in this year (of any vintage). */
  issued_in_year: ColumnType<string, number | string, number | string>
  /** Credits retired in this year (of any vintage). */
  retired_in_year: ColumnType<string, number | string, number | string>
  /** Credits of this vintage remaining as of the count (Berkeley's third block); retired of it is issued less this. */
  remaining_by_vintage: ColumnType<string, number | string, number | string>
}

export interface QualitySignalTable {
  project_id: string
  signal: string
  value: number
  source: string
  as_of: ColumnType<Date, Date | string, Date | string>
  evidence: string
  /**
   * The facts the rule read, `[{ name, value }]` (see migration 006). Rows are written as JSON (seeding,
   * imports); a query builder insert passes the array through `JSON.stringify`, as a jsonb parameter needs.
   */
  facts: ColumnType<{ name: string; value: string | number }[], { name: string; value: string | number }[] | string | undefined, string>
  /** Ids of the published evidence the rule cites (the rating method's citation list). */
  citations: ColumnType<string[], string[] | undefined, string[]>
}

export interface SpotPriceTable {
  project_id: string
  value: number
  as_of: ColumnType<Date, Date | string, Date | string>
  source_id: string
}

/** A buyer's quote for a project (and vintage), imported from a quotes file through the market source. */
export interface PriceQuoteTable {
  id: string
  project_id: string
  vintage: number | null
  price_usd: number
  quantity: number | null
  supplier: string | null
  valid_until: ColumnType<Date | null, string | null, string | null>
  source_id: string
  run_id: string
  file_name: string
  row_number: number
  quoted_at: ColumnType<Date, Date | string, Date | string>
}

/** A source as sources/source-list.ts defines it: what the sources table stores of each. */
export interface SourceTable {
  id: string
  name: string
  kind: SourceKind
  /** The name a run, the import command and the app call it by (`verra`, `vrod`). */
  connector: string
  description: string
  registry: RegistryCode | null
  cadence_hours: number
}

/**
 * One registry record of credits (see migrations/011-credits.ts); `search_id` (its text in `credit_search_texts`)
 * and `fingerprint` are derived on import.
 */
export interface CreditTable {
  id: string
  registry: RegistryCode
  project_key: string
  kind: CreditKind
  quantity: number
  vintage: number | null
  /** A day; PostgreSQL answers a Date at midnight UTC, written as YYYY-MM-DD. */
  date: ColumnType<Date | null, string | null, string | null>
  serial: string | null
  labels: string[]
  beneficiary: string | null
  beneficiary_raw: Record<string, string>
  reason: string | null
  /** A bigint, written as its decimal text; read as a BigInt (PGlite) or as text (PostgreSQL). */
  search_id: ColumnType<bigint | string, string, string>
  /** The record's spelling in `beneficiary_spellings` (a bigint, as `search_id`); null where its fields name no one and say nothing. */
  beneficiary_id: ColumnType<bigint | string | null, string | null | undefined, string | null>
  fingerprint: string
  source_id: string
  file_name: string
  row_number: number
  run_id: string
  /**
   * What the registry's row states the record's issuance of the vintage came to (Verra's `Total Vintage Quantity`),
   * where it states it; see migrations/028-stated-vintage-totals.ts.
   */
  stated_vintage_total: ColumnType<number | null, number | null | undefined, number | null>
}

/**
 * A record's block of serial numbers (see migrations/020-serial-ranges.ts): the units `first_unit` to `last_unit`
 * its registry numbers within `scope`, for finding a block an import would count twice. Bigints, read as BigInt
 * (PGlite) or as text (PostgreSQL).
 */
export interface CreditBlockTable {
  credit_id: string
  registry: RegistryCode
  kind: CreditKind
  scope: string
  first_unit: ColumnType<bigint | string, number, number>
  last_unit: ColumnType<bigint | string, number, number>
}

/** The beneficiary and the registry's own words of records, in lower case, once each, for finding what an organisation retired. */
export interface CreditSearchTextTable {
  id: ColumnType<bigint | string, string, string>
  text: string
}

/**
 * A raw string that names (or fails to name) whom credits were retired for, once per field and text, with whom
 * it resolves to (see migrations/024-beneficiary-decisions.ts and src/server/beneficiaries/).
 */
export interface BeneficiarySpellingTable {
  spelling_id: ColumnType<bigint | string, string, string>
  field: string
  spelling: string
  rules_name: string | null
  rules_why: string
  resolved_name: string | null
  why: Generated<string>
  records: Generated<number>
  search_text: Generated<string>
}

/** An analyst's decision about beneficiary names, kept with when and by which credential, and when undone. */
export interface BeneficiaryDecisionTable {
  id: string
  kind: 'merge' | 'split' | 'rename' | 'no_one'
  names: string[]
  spelling: string | null
  into_name: string | null
  made_at: ColumnType<Date, Date | string, Date | string>
  made_by: string
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  undone_by: string | null
}

/** When a source last updated a project successfully: the coverage matrix. */
export interface CoverageTable {
  project_id: string
  source_id: string
  last_success_at: ColumnType<Date, Date | string, Date | string>
  /** The project's status as the source's own listing states it, in the contract's words; null where it states none. */
  status: ColumnType<string | null, string | null | undefined, string | null>
  /** As of when the source's data said that status: a run of its credit files alone leaves it. */
  status_as_of: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** What the source's own listing says the project was issued, set aside and retired in all, and as of when; null where it says none. */
  listed_totals: ColumnType<ListedTotals | null, ListedTotals | null | undefined, ListedTotals | null>
  /** The labels the source's records of the project carry that say what its credits are (CCP, CORSIA, …); null where they carry none. */
  labels: ColumnType<string[] | null, string[] | null | undefined, string[] | null>
  /** The UN SDGs the source's own listing gives the project; null where it gives none (see migrations/038-listed-sdgs.ts). */
  sdgs: ColumnType<number[] | null, number[] | null | undefined, number[] | null>
}

/** A listing's own totals of a project's credits (Isometric's projects export), as of its data's date. */
export interface ListedTotals {
  /** Issued in all, its buffer pool's share included, as the export states it. */
  issued: number
  buffer: number
  retired: number
  as_of: string
}

export interface SourceRunTable {
  id: string
  source_id: string
  connector: string
  state: RunState
  simulated: boolean
  project_keys: string[] | null
  created_at: ColumnType<Date, Date | string, Date | string>
  started_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  processed: Generated<number>
  total: number | null
  created: Generated<number>
  updated: Generated<number>
  unchanged: Generated<number>
  skipped: Generated<number>
  error_code: string | null
  error_message: string | null
  credential: string
  idempotency_key: string | null
  request_hash: string | null
  /** The process running this run (`host:pid:random`), and until when its lease holds without a renewal. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>
  lease_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  /** The uploaded file the run imports, and its name as uploaded. */
  file_id: ColumnType<string | null, string | null | undefined, string | null>
  file_name: ColumnType<string | null, string | null | undefined, string | null>
  /**
   * Every file the run imports, in the order given (`file_id` is the first), with its size and digest once runs kept
   * them; the run's record of them after the uploads are removed. JSON text when written.
   */
  files: ColumnType<{ id: string; name: string; bytes?: number; sha256?: string }[], string | undefined, string>
  /** The as-of date of the data imported, once known; `requested_as_of` is the request's (YYYY-MM-DD). */
  as_of: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  requested_as_of: ColumnType<string | null, string | null | undefined, string | null>
  /** Where `as_of` came from (`AsOfBasis`); null until known, for data dated by the run itself, and for runs before it was kept. */
  as_of_basis: ColumnType<AsOfBasis | null, AsOfBasis | null | undefined, AsOfBasis | null>
  /** How often the run was claimed: a run lost with its process twice is failed as poison, not claimed again. */
  claims: Generated<number>
  /** The first rows the run skipped, with why, as JSON (`[{ row, file, reason }]`; runs finished before rows named their file have no `file`). */
  skipped_rows: ColumnType<string | null, string | null | undefined, string | null>
  skipped_projects: ColumnType<string | null, string | null | undefined, string | null>
  /** What the run changed, by kind (see 019-run-counts); null until it succeeds. JSON text when written. */
  counts_by_kind: ColumnType<RunCountsByKind | null, string | null | undefined, string | null>
  /** What `processed` and `total` count. */
  progress_of: ColumnType<ProgressUnit[], ProgressUnit[] | undefined, ProgressUnit[]>
}

/** An uploaded file's bytes, kept for runs to import; a dataset's files are seen only by its credentials. */
export interface FileTable {
  id: string
  name: string
  bytes: number
  sha256: string
  /** Uploads stored before 009 only: later ones live in the data folder or in `file_chunks`. */
  content: Uint8Array | null
  credential: string
  created_at: ColumnType<Date, Date | string, Date | string>
}

/** An upload's bytes on PostgreSQL, in order, a chunk per row. */
export interface FileChunkTable {
  file_id: string
  seq: number
  content: Uint8Array
  created_at: ColumnType<Date, Date | string | undefined, never>
}

export interface RecommendationTable {
  id: string
  created_at: ColumnType<Date, Date | string, Date | string>
  /** The recommendation's JSON, as its creation answered (text, see migration 007). */
  body: string
  /** Who made it (the credential's fingerprint) and the name they gave it (023); null before 023, and until named. */
  credential: ColumnType<string | null, string | null | undefined, string | null>
  name: ColumnType<string | null, string | null | undefined, string | null>
}

/** A deleted shortlist's id and when it went (migration 029): its link answers 410, saying so. */
export interface DeletedRecommendationTable {
  id: string
  deleted_at: ColumnType<Date, Date | string, Date | string>
}

export interface MetaTable {
  key: string
  value: string
}

/** Each dataset's version, bumped in the transaction that applies a run (schema `public`). */
export interface DatasetVersionTable {
  dataset: string
  /** bigint: a string from PostgreSQL. */
  version: ColumnType<string, number | string, number | string>
}

/** The sandbox quota's sliding log: one row per request let through, on the database's clock (schema `public`). */
export interface RateLimitHitTable {
  credential: string
  at: ColumnType<Date, Date | string, Date | string>
}

export interface MigrationTable {
  id: string
  applied_at: Generated<Date>
}

export interface Database {
  projects: ProjectTable
  credit_years: CreditYearTable
  quality_signals: QualitySignalTable
  spot_prices: SpotPriceTable
  price_quotes: PriceQuoteTable
  sources: SourceTable
  coverage: CoverageTable
  credits: CreditTable
  credit_search_texts: CreditSearchTextTable
  credit_blocks: CreditBlockTable
  beneficiary_spellings: BeneficiarySpellingTable
  beneficiary_decisions: BeneficiaryDecisionTable
  source_runs: SourceRunTable
  files: FileTable
  file_chunks: FileChunkTable
  recommendations: RecommendationTable
  deleted_recommendations: DeletedRecommendationTable
  meta: MetaTable
  migrations: MigrationTable
  dataset_versions: DatasetVersionTable
  rate_limit_hits: RateLimitHitTable
}

export type ProjectRow = Selectable<ProjectTable>
export type SourceRow = Selectable<SourceTable>
export type NewProject = Insertable<ProjectTable>
export type NewCreditYear = Insertable<CreditYearTable>
export type NewQualitySignal = Insertable<QualitySignalTable>
export type NewSpotPrice = Insertable<SpotPriceTable>
export type NewPriceQuote = Insertable<PriceQuoteTable>
export type NewSource = Insertable<SourceTable>
export type NewCoverage = Insertable<CoverageTable>
export type NewCredit = Insertable<CreditTable>
export type NewCreditSearchText = Insertable<CreditSearchTextTable>
export type NewCreditBlock = Insertable<CreditBlockTable>
export type CreditRow = Selectable<CreditTable>
export type NewBeneficiarySpelling = Insertable<BeneficiarySpellingTable>
export type BeneficiaryDecisionRow = Selectable<BeneficiaryDecisionTable>
export type SourceRunRow = Selectable<SourceRunTable>

export const datasets = ['live', 'sandbox'] as const
export type Dataset = (typeof datasets)[number]
