import type { RegistryTable } from './read-table'

/** Reads a row's cells by header name: `cell(row, 'Serial Number')`, '' for a column the file lacks or a short row. */
export function columnsOf(table: RegistryTable): (row: readonly string[], name: string) => string {
  const at = new Map<string, number>()
  table.headers.forEach((name, index) => {
    if (name !== '' && !at.has(name)) at.set(name, index)
  })
  return (row, name) => {
    const index = at.get(name)
    return index === undefined ? '' : (row[index] ?? '').trim()
  }
}
