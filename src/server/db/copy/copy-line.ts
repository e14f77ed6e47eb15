/**
 * COPY's CSV, written without the query builder: the parsing workers format records with it, and a worker that
 * loads no database library starts in a fraction of the time.
 */

/** A value as a CSV field of COPY: NULL unquoted and empty, everything else quoted (so an empty text stays text). */
function field(value: unknown): string {
  if (value === null || value === undefined) return ''
  // Numbers need no quotes; text is searched for a quote before it is copied to double one (a million-row import
  // writes twenty fields a row, nearly none of them holding a quote).
  if (typeof value === 'number') return String(value)
  const text = typeof value === 'string' ? value : Array.isArray(value) ? arrayLiteral(value) : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`
}

/** A text[] as PostgreSQL reads it: every element quoted, its backslashes and quotes escaped. */
const arrayLiteral = (items: readonly unknown[]) => `{${items.map((item) => `"${String(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`

/** One row as a line of COPY's CSV, its values in the order of the columns it will be copied into. */
export const copyLine = (values: readonly unknown[]) => `${values.map(field).join(',')}\n`
