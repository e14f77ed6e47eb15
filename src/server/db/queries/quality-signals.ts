import { sql } from 'kysely'
import type { NewQualitySignal } from '../schema'
import { chunked } from './chunks'
import { copyChunksInto } from './copy-rows'
import type { CopyChunks } from '../copy/copy-chunks'
import type { ImportTarget, ScopedDb } from './scoped'

/**
 * The one writer of `quality_signals`: a project's signals are replaced whole, by an import (as COPY lines its
 * worker made) or by a re-rating (as computed here).
 */

async function deleteSignalsOf(db: ScopedDb, projectIds: readonly string[]) {
  for (const chunk of chunked(projectIds)) await db.deleteFrom('quality_signals').where('project_id', 'in', chunk).execute()
}

export async function replaceQualitySignals(target: ImportTarget, projectIds: readonly string[], rows: CopyChunks) {
  await deleteSignalsOf(target.db, projectIds)
  await copyChunksInto(target, 'quality_signals', rows)
}

/** The stored quality signals of these projects. */
export async function qualitySignalsOfProjects(db: ScopedDb, projectIds: readonly string[]) {
  const out = []
  for (const chunk of chunked(projectIds)) out.push(...(await db.selectFrom('quality_signals').selectAll().where('project_id', 'in', chunk).execute()))
  return out
}

/** Signals go as one array per column: thousands of rows per statement cost eight parameters, not eight each. */
const signalChunkSize = 5000

/** Replaces the quality signals of these projects with those a re-rating computed. */
export async function replaceQualitySignalsByColumn(db: ScopedDb, projectIds: readonly string[], signals: readonly NewQualitySignal[]) {
  await deleteSignalsOf(db, projectIds)
  for (const chunk of chunked(signals, signalChunkSize)) await insertSignals(db, chunk)
}

async function insertSignals(db: ScopedDb, signals: readonly NewQualitySignal[]) {
  const column = <T>(pick: (s: NewQualitySignal) => T) => signals.map(pick)
  // jsonb and ragged text arrays travel as JSON text and are unpacked by the database.
  const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? []))
  const rows = sql`unnest(
    ${column((s) => s.project_id)}::text[], ${column((s) => s.signal)}::text[], ${column((s) => s.value)}::real[],
    ${column((s) => s.source)}::text[], ${column((s) => new Date(s.as_of).toISOString())}::timestamptz[],
    ${column((s) => s.evidence)}::text[], ${column((s) => json(s.facts))}::text[], ${column((s) => json(s.citations))}::text[]
  ) as t(project_id, signal, value, source, as_of, evidence, facts, citations)`
  await db
    .insertInto('quality_signals')
    .columns(['project_id', 'signal', 'value', 'source', 'as_of', 'evidence', 'facts', 'citations'])
    .expression(
      sql`select project_id, signal, value, source, as_of, evidence, facts::jsonb,
        array(select jsonb_array_elements_text(citations::jsonb)) from ${rows}`,
    )
    .execute()
}
