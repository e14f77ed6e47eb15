import { projectKey } from '../../../api/contract/common'

export interface ParsedProjectKeys {
  /** Valid keys, upper-cased, each once, in the order first given. */
  keys: string[]
  /** Entries that are not project keys, as typed, each once. */
  invalid: string[]
}

/** Commas, semicolons and any white space (a spreadsheet column pastes as lines, a row as tabs) separate keys. */
const separators = /[\s,;]+/
const quotes = /^["'“”‘’]+|["'“”‘’]+$/g

export function parseProjectKeys(text: string): ParsedProjectKeys {
  const keys = new Set<string>()
  const invalid = new Set<string>()
  for (const raw of text.split(separators)) {
    // A spreadsheet quotes a cell it exports as CSV; the quotes are not part of the key.
    const entry = raw.replace(quotes, '')
    if (!entry) continue
    if (projectKey.safeParse(entry).success) keys.add(entry.toUpperCase())
    else invalid.add(entry)
  }
  return { keys: [...keys], invalid: [...invalid] }
}
