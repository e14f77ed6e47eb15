/**
 * A table entry by a value that came from data (a file's cell, a project's type): only the table's own keys
 * count, so `constructor`, `__proto__` or `toString` find nothing rather than Object.prototype's members.
 */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string | null | undefined): T | undefined {
  return key !== null && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined
}
