import { CompiledQuery } from 'kysely'
import type { ImportTarget } from './imports'

/**
 * Rows per COPY: a few thousand make one statement of about a tenth of a second on the embedded store, which
 * answers other requests only between statements; larger blocks were no quicker.
 */
const rowsPerCopy = 5000

/** A value as a CSV field of COPY: NULL unquoted and empty, everything else quoted (so an empty text stays text). */
function field(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = Array.isArray(value) ? arrayLiteral(value) : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return `"${text.replaceAll('"', '""')}"`
}

/** A text[] as PostgreSQL reads it: every element quoted, its backslashes and quotes escaped. */
const arrayLiteral = (items: readonly unknown[]) => `{${items.map((item) => `"${String(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`

/**
 * Writes rows the table did not hold when the caller looked (an import's plan looked each id up) by COPY: about
 * twice as fast as an insert of the same rows. The embedded store has one writer, so they go straight into the
 * table; on PostgreSQL another process may have written one of them since, so they are copied into a temporary
 * table and inserted from it, a row already there kept. `columns` are the rows' keys to write.
 */
export async function copyNewRows(
  target: ImportTarget,
  table: 'credits',
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  store: 'pglite' | 'postgresql',
) {
  if (rows.length === 0) return
  const list = columns.map((c) => `"${c}"`).join(', ')
  // The dataset is one of two fixed names; raw SQL is not scoped by withSchema.
  const into = store === 'pglite' ? `${target.dataset}.${table}` : `copied_${table}`
  if (store === 'postgresql') {
    await target.db.executeQuery(CompiledQuery.raw(`create temporary table if not exists ${into} (like ${target.dataset}.${table}) on commit drop`))
    await target.db.executeQuery(CompiledQuery.raw(`truncate ${into}`))
  }
  for (let i = 0; i < rows.length; i += rowsPerCopy) {
    let csv = ''
    for (const row of rows.slice(i, i + rowsPerCopy)) csv += `${columns.map((c) => field(row[c])).join(',')}\n`
    await target.db.executeQuery(CompiledQuery.raw(`copy ${into} (${list}) from '/dev/blob' with (format csv)`, [new Blob([csv])]))
  }
  if (store === 'postgresql') {
    await target.db.executeQuery(
      CompiledQuery.raw(`insert into ${target.dataset}.${table} (${list}) select ${list} from ${into} on conflict (id) do nothing`),
    )
  }
}
