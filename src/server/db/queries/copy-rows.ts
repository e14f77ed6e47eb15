import { CompiledQuery, sql } from 'kysely'
import type { ImportTarget } from './scoped'
import { bytesPerCopy, rowsPerCopy, type CopyChunks } from '../copy/copy-chunks'

/** One COPY's data: views of the UTF-8 bytes its lines were packed in, one after another. */
export type CopyBlock = readonly Uint8Array<ArrayBuffer>[]

/**
 * Lines gathered into blocks of one COPY each, as they come: a large import holds its rows as views of the bytes
 * its files' lines were packed in, a line that follows the last one in the same bytes extending it, so a block of
 * consecutive new lines is one view and nothing is copied until COPY reads it.
 */
export class CopyBlocks {
  readonly blocks: CopyBlock[] = []
  private block: Uint8Array<ArrayBuffer>[] = []
  private inBlock = 0
  private bytesInBlock = 0
  count = 0

  add(line: Uint8Array<ArrayBuffer>) {
    const last = this.block.at(-1)
    if (last && last.buffer === line.buffer && last.byteOffset + last.byteLength === line.byteOffset) {
      this.block[this.block.length - 1] = new Uint8Array(last.buffer, last.byteOffset, last.byteLength + line.byteLength)
    } else {
      this.block.push(line)
    }
    this.count++
    this.bytesInBlock += line.byteLength
    if (++this.inBlock === rowsPerCopy || this.bytesInBlock >= bytesPerCopy) this.close()
  }

  /** Every line added, in blocks. */
  done(): readonly CopyBlock[] {
    this.close()
    return this.blocks
  }

  /** The blocks filled since the last call (with `all`, the one being filled too), let go of here. */
  drain(all = false): CopyBlock[] {
    if (all) this.close()
    return this.blocks.splice(0)
  }

  private close() {
    if (this.inBlock > 0) this.blocks.push(this.block)
    this.block = []
    this.inBlock = 0
    this.bytesInBlock = 0
  }
}

const columnList = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ')

/** Copies blocks of lines into a table; the dataset is one of two fixed names, and raw SQL is not scoped by withSchema. */
async function copyInto(target: ImportTarget, into: string, columns: readonly string[], blocks: readonly CopyBlock[]) {
  for (const block of blocks) {
    await target.db.executeQuery(CompiledQuery.raw(`copy ${into} (${columnList(columns)}) from '/dev/blob' with (format csv)`, [new Blob([...block])]))
  }
}

/** Copies rows formatted as chunks of COPY lines (`copy/copy-chunks.ts`) into one of the dataset's tables, a COPY a chunk. */
export async function copyChunksInto(target: ImportTarget, table: 'credit_years' | 'quality_signals', rows: CopyChunks) {
  await copyInto(target, `${target.dataset}.${table}`, rows.columns, rows.chunks.map((chunk) => [chunk]))
}

/** A temporary table shaped like one of the dataset's, empty, gone when the transaction ends. */
async function temporaryLike(target: ImportTarget, name: string, table: string) {
  await target.db.executeQuery(CompiledQuery.raw(`create temporary table if not exists ${name} (like ${target.dataset}.${table}) on commit drop`))
  await target.db.executeQuery(CompiledQuery.raw(`truncate ${name}`))
}

/** The tables an import writes in bulk. */
type BulkTable = 'credits' | 'credit_blocks' | 'credit_search_texts' | 'beneficiary_spellings'

/** Whether a table holds fewer rows than this: a count that stops there, so a large table is not read through. */
async function holdsFewerThan(target: ImportTarget, table: BulkTable, rows: number) {
  const { rows: found } = await sql<{ held: string }>`select count(*) as held from (select 1 from ${sql.table(`${target.dataset}.${table}`)} limit ${rows}) as held_rows`.execute(target.db)
  return Number(found[0].held) < rows
}

/** A table's indexes, its key and other constraints' own among them, as the catalogue gives them back. */
type IndexDefinition = { name: string; definition: string; constraint: string | null }

async function indexesOf(target: ImportTarget, table: BulkTable): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select i.indexname as name, i.indexdef as definition, pg_get_constraintdef(c.oid) as constraint
    from pg_indexes i
    left join pg_constraint c on c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
    where i.schemaname = ${target.dataset} and i.tablename = ${table}
    order by i.indexname`.execute(target.db)
  return rows
}

/** Builds indexes as `indexesOf` gave them: names and expressions quoted by PostgreSQL itself. */
async function buildIndexes(target: ImportTarget, table: BulkTable, indexes: readonly IndexDefinition[]) {
  const qualified = sql.table(`${target.dataset}.${table}`)
  for (const index of indexes) {
    if (index.constraint) await sql`alter table ${qualified} add constraint ${sql.id(index.name)} ${sql.raw(index.constraint)}`.execute(target.db)
    else await sql.raw(index.definition).execute(target.db)
  }
}

/**
 * Runs `write` with the table's indexes set aside, its key too unless `keepKey` (an insert that skips rows already
 * there needs it), then builds each again as it was: a million rows were written in 13 s and indexed in 6 s,
 * against 30 s with four indexes kept up row by row. Inside the caller's transaction, so a failure (a key given
 * twice fails its build) leaves the indexes as they were.
 */
async function withIndexesBuiltAfter(target: ImportTarget, table: BulkTable, write: () => Promise<void>, keepKey: boolean) {
  const found = await indexesOf(target, table)
  const indexes = keepKey ? found.filter((index) => index.constraint === null) : found
  const qualified = sql.table(`${target.dataset}.${table}`)
  for (const index of indexes) {
    if (index.constraint) await sql`alter table ${qualified} drop constraint ${sql.id(index.name)}`.execute(target.db)
    else await sql`drop index ${sql.table(`${target.dataset}.${index.name}`)}`.execute(target.db)
  }
  await write()
  await buildIndexes(target, table, indexes)
}

/**
 * Runs `write`, of `rows` rows into a table: on the embedded store, when they are at least as many as the table
 * holds (a registry's first import), with the table's indexes built once after them rather than kept up row by
 * row. No reader can see the table meanwhile, the run's transaction holding the store's one connection. On
 * PostgreSQL the indexes stay, serving other processes' readers.
 */
export async function writeInBulk(
  target: ImportTarget,
  table: BulkTable,
  { rows, store, keepKey = false }: { rows: number; store: 'pglite' | 'postgresql'; keepKey?: boolean },
  write: () => Promise<void>,
) {
  if (store === 'pglite' && rows > 0 && (await holdsFewerThan(target, table, rows))) return withIndexesBuiltAfter(target, table, write, keepKey)
  return write()
}

/** The tables a run's new rows wait in while it reads: its records, and their blocks of serial numbers. */
export type StagedTable = 'credits' | 'credit_blocks'

/**
 * What moving a run's staged rows into the table does, on PostgreSQL, with a row another process wrote meanwhile: a
 * record already there is kept; a block of serial numbers has no key, and is written beside it.
 */
const onConflict: Record<StagedTable, string> = { credits: ' on conflict (id) do nothing', credit_blocks: '' }

/** The table a run's new rows wait in, in the dataset's schema, until the run applies them. */
const stagedName = (target: ImportTarget, table: StagedTable) => `${target.dataset}.staged_${table}`

/**
 * Opens the table a run's new rows wait in, empty, shaped as the table they go to (its columns, defaults and checks)
 * and without an index, so rows are copied in at the cost of reading them, a few thousand a statement, while the run
 * still reads its files. On the embedded store it is logged, as the table is: a run that brings more rows than the
 * table holds makes it the table (`insertStagedRows`). On PostgreSQL, where its rows are always copied on, it is
 * unlogged. One run writes a dataset at a time (a run is claimed only while none runs), so one staging table per
 * table and dataset serves, and whatever a run that ended without applying left there goes with the next run's opening.
 */
export async function openStaging(target: ImportTarget, table: StagedTable, store: 'pglite' | 'postgresql') {
  await target.db.executeQuery(CompiledQuery.raw(`drop table if exists ${stagedName(target, table)}`))
  const logged = store === 'pglite' ? '' : 'unlogged '
  await target.db.executeQuery(
    CompiledQuery.raw(`create ${logged}table ${stagedName(target, table)} (like ${target.dataset}.${table} including defaults including constraints including storage)`),
  )
}

/** Copies blocks of a run's new rows into its staging table (`openStaging`), each its own statement. */
export async function stageRows(target: ImportTarget, table: StagedTable, columns: readonly string[], blocks: readonly CopyBlock[]) {
  await copyInto(target, stagedName(target, table), columns, blocks)
}

/** Drops a run's staging table and the rows in it. */
export async function dropStaging(target: ImportTarget, table: StagedTable) {
  await target.db.executeQuery(CompiledQuery.raw(`drop table if exists ${stagedName(target, table)}`))
}

/**
 * Writes the `rows` rows a run staged (rows the table did not hold when the run looked each up) into the table, in
 * the run's transaction, and drops the staging table with it. On the embedded store, which has one writer, they go
 * straight in; when they outnumber the rows the table holds (a registry's first import), the table's rows join
 * them instead and the staging table becomes the table (`takeStagedAsTable`). On PostgreSQL another process may
 * have written one of them since, and other processes read the table meanwhile: they are copied in, and a record
 * already there is kept (its block of serial numbers, which has no key, is then held twice; a block is only ever
 * compared with other records' blocks, so the second changes no count).
 */
export async function insertStagedRows(target: ImportTarget, table: StagedTable, columns: readonly string[], rows: number, store: 'pglite' | 'postgresql') {
  if (rows === 0) return
  const list = columnList(columns)
  const insert = `insert into ${target.dataset}.${table} (${list}) select ${list} from ${stagedName(target, table)}`
  if (store === 'postgresql') await target.db.executeQuery(CompiledQuery.raw(insert + onConflict[table]))
  else if (await holdsFewerThan(target, table, rows)) await takeStagedAsTable(target, table)
  else await target.db.executeQuery(CompiledQuery.raw(insert))
  await dropStaging(target, table)
}

/**
 * Makes the staging table the table, inside the run's transaction: the rows the table held, fewer than the run's,
 * are copied in beside them, the table is dropped, the staging table takes its name, and its key and indexes are
 * built as the table had them. The run's rows are not copied a second time: on PGlite alone, 300,000 staged rows
 * took 1.0 to 1.8 s to move into the table with its indexes set aside (`withIndexesBuiltAfter`), which the rename
 * does not spend, while staging them logged cost no clearly more than unlogged (28 Nov 2026, three runs each).
 * Nothing else refers to the table (no foreign key, no view), and statements prepared against it are planned again
 * against the new one, which has the same columns.
 */
async function takeStagedAsTable(target: ImportTarget, table: StagedTable) {
  const indexes = await indexesOf(target, table)
  const staged = stagedName(target, table)
  await target.db.executeQuery(CompiledQuery.raw(`insert into ${staged} select * from ${target.dataset}.${table}`))
  await target.db.executeQuery(CompiledQuery.raw(`drop table ${target.dataset}.${table}`))
  await target.db.executeQuery(CompiledQuery.raw(`alter table ${staged} rename to ${table}`))
  await buildIndexes(target, table, indexes)
}

/**
 * Rewrites rows the table holds by COPY into a temporary table and an upsert from it: `set` names what a row
 * says that may change, `when` (over the table and `excluded`) when it is rewritten at all.
 */
export async function copyChangedRows(
  target: ImportTarget,
  table: 'credits',
  columns: readonly string[],
  blocks: readonly CopyBlock[],
  rewrite: { set: readonly string[]; when: string },
) {
  if (blocks.length === 0) return
  await temporaryLike(target, `changed_${table}`, table)
  await copyInto(target, `changed_${table}`, columns, blocks)
  const list = columnList(columns)
  const set = rewrite.set.map((c) => `"${c}" = excluded."${c}"`).join(', ')
  await target.db.executeQuery(
    CompiledQuery.raw(
      `insert into ${target.dataset}.${table} as stored (${list}) select ${list} from changed_${table} on conflict (id) do update set ${set} where ${rewrite.when}`,
    ),
  )
}
