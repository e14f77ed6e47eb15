import { sql } from 'kysely'
import type { CreditKind } from '../../../api/contract/credits'
import { creditBlockColumns } from '../copy/credit-columns'
import { dropStaging, insertStagedRows, openStaging, stageRows, type CopyBlock } from './copy-rows'
import { idsPerLookup } from './credits'
import type { ImportTarget, ScopedDb } from './scoped'

/** The one writer of `credit_blocks`, the serial numbers each record stands for, and the lookup an import counts them by. */

/** A block of serial numbers an import would count: its record's id, where its units are numbered, and its units. */
export interface WantedBlock {
  id: string
  registry: string
  kind: CreditKind
  scope: string
  first: number
  last: number
}

/** A stored record whose block shares units with a wanted one: its id, serial, and where it came from. */
export interface HeldBlock {
  id: string
  serial: string | null
  file_name: string
  row_number: number
}

/**
 * For each wanted block (by its place in the list), a stored record of another id whose block shares a unit with
 * it. Stored blocks of a scope never overlap one another, so the one that can is the last to begin at or before the
 * wanted block's end: one step down the index per block, a few thousand blocks a statement, and no statement at
 * all while the store holds no block (a first import).
 */
export async function storedBlocksOverlapping(db: ScopedDb, wanted: readonly WantedBlock[]): Promise<Map<number, HeldBlock>> {
  const found = new Map<number, HeldBlock>()
  if (wanted.length === 0 || !(await db.selectFrom('credit_blocks').select(sql<number>`1`.as('held')).limit(1).executeTakeFirst())) return found
  for (let at = 0; at < wanted.length; at += idsPerLookup) {
    const part = wanted.slice(at, at + idsPerLookup)
    const column = <K extends keyof WantedBlock>(key: K) => part.map((block) => block[key])
    const given = sql<{ id: string; registry: string; kind: string; scope: string; first_unit: number; last_unit: number; n: number }>`(
      select * from unnest(${column('id')}::text[], ${column('registry')}::text[], ${column('kind')}::text[], ${column('scope')}::text[],
        ${column('first')}::bigint[], ${column('last')}::bigint[]) with ordinality as given (id, registry, kind, scope, first_unit, last_unit, n))`
    const rows = await db
      .selectFrom(given.as('wanted'))
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('credit_blocks as block')
            .select(['block.credit_id', 'block.last_unit'])
            .whereRef('block.registry', '=', 'wanted.registry')
            .whereRef('block.kind', '=', 'wanted.kind')
            .whereRef('block.scope', '=', 'wanted.scope')
            .whereRef('block.first_unit', '<=', 'wanted.last_unit')
            .whereRef('block.credit_id', '<>', 'wanted.id')
            .orderBy('block.first_unit', 'desc')
            .limit(1)
            .as('held'),
        (join) => join.onTrue(),
      )
      .innerJoin('credits', 'credits.id', 'held.credit_id')
      .where(sql<boolean>`held.last_unit >= wanted.first_unit`)
      .select(['wanted.n', 'credits.id', 'credits.serial', 'credits.file_name', 'credits.row_number'])
      .execute()
    for (const row of rows) found.set(at + Number(row.n) - 1, { id: row.id, serial: row.serial, file_name: row.file_name, row_number: row.row_number })
  }
  return found
}

/**
 * New records' blocks, as `creditBlockLine` blocks: staged while the run reads, as their records are
 * (`openStaging`), then written in its transaction. A block is written once, with its record, and a record's id names
 * its serial, so its block never changes.
 */
export const openBlockStaging = (target: ImportTarget, store: 'pglite' | 'postgresql') => openStaging(target, 'credit_blocks', store)
export const stageNewBlocks = (target: ImportTarget, blocks: readonly CopyBlock[]) => stageRows(target, 'credit_blocks', creditBlockColumns, blocks)
export const insertStagedBlocks = (target: ImportTarget, rows: number, store: 'pglite' | 'postgresql') => insertStagedRows(target, 'credit_blocks', creditBlockColumns, rows, store)
export const dropBlockStaging = (target: ImportTarget) => dropStaging(target, 'credit_blocks')
