import { CompiledQuery } from 'kysely'
import type { ImportTarget } from './imports'
import { collectGarbage } from '../../core/garbage'

/**
 * Rows per COPY: a few thousand make one statement of about a tenth of a second on the embedded store, which
 * answers other requests only between statements; larger blocks were no quicker.
 */
const rowsPerCopy = 5000

/**
 * Lines gathered into blocks of one COPY each, as they come: a large import holds its rows as a few hundred
 * strings rather than one object per row.
 */
export class CopyBlocks {
  readonly blocks: string[] = []
  private block = ''
  private inBlock = 0
  count = 0

  add(line: string) {
    this.block += line
    this.count++
    if (++this.inBlock === rowsPerCopy) this.close()
  }

  /** Every line added, in blocks. */
  done(): readonly string[] {
    this.close()
    return this.blocks
  }

  private close() {
    if (this.inBlock > 0) this.blocks.push(this.block)
    this.block = ''
    this.inBlock = 0
  }
}

/** Blocks copied between collections of what they leave behind (see collectGarbage): about 125 MB of buffers. */
const blocksPerCollection = 50

const columnList = (columns: readonly string[]) => columns.map((c) => `"${c}"`).join(', ')

/** Copies blocks of lines into a table; the dataset is one of two fixed names, and raw SQL is not scoped by withSchema. */
async function copyInto(target: ImportTarget, into: string, columns: readonly string[], blocks: readonly string[]) {
  for (const [i, block] of blocks.entries()) {
    if (i > 0 && i % blocksPerCollection === 0) collectGarbage()
    await target.db.executeQuery(CompiledQuery.raw(`copy ${into} (${columnList(columns)}) from '/dev/blob' with (format csv)`, [new Blob([block])]))
  }
}

/** A temporary table shaped like one of the dataset's, empty, gone when the transaction ends. */
async function temporaryLike(target: ImportTarget, name: string, table: string) {
  await target.db.executeQuery(CompiledQuery.raw(`create temporary table if not exists ${name} (like ${target.dataset}.${table}) on commit drop`))
  await target.db.executeQuery(CompiledQuery.raw(`truncate ${name}`))
}

/**
 * Writes rows the table did not hold when the caller looked (an import's plan looked each id up) by COPY: about
 * twice as fast as an insert of the same rows. The embedded store has one writer, so they go straight into the
 * table; on PostgreSQL another process may have written one of them since, so they are copied into a temporary
 * table and inserted from it, a row already there kept. `blocks` are `copyLine`s of `columns`.
 */
export async function copyNewRows(target: ImportTarget, table: 'credits', columns: readonly string[], blocks: readonly string[], store: 'pglite' | 'postgresql') {
  if (blocks.length === 0) return
  if (store === 'pglite') return copyInto(target, `${target.dataset}.${table}`, columns, blocks)
  await temporaryLike(target, `copied_${table}`, table)
  await copyInto(target, `copied_${table}`, columns, blocks)
  const list = columnList(columns)
  await target.db.executeQuery(CompiledQuery.raw(`insert into ${target.dataset}.${table} (${list}) select ${list} from copied_${table} on conflict (id) do nothing`))
}

/**
 * Rewrites rows the table holds by COPY into a temporary table and an upsert from it: `set` names what a row
 * says that may change, `when` (over the table and `excluded`) when it is rewritten at all.
 */
export async function copyChangedRows(
  target: ImportTarget,
  table: 'credits',
  columns: readonly string[],
  blocks: readonly string[],
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
