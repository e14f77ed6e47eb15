import { projectKey, projectKeyRule } from './contract/common'
import { credenceKey } from './key-spellings'

/** Project keys as a person typed or pasted them, read once for every form that takes a list of them. */
export interface TypedKeys {
  /** Valid keys, upper-cased, each once, in the order first given. */
  keys: string[]
  /** Entries that are not project keys, as typed, each once. */
  invalid: string[]
  /**
   * Valid keys given more than once (in any case, or in another database's spelling of one key: GLD7566 beside
   * GS7566), each once: looked up once, and said so.
   */
  repeated: RepeatedKey[]
  /** A pasted column's first line, where it holds no digit (no key does) and lines follow: its header, not a key. */
  header: string | null
}

/** A project named more than once: its key as Credence writes it, and each spelling it was given in, upper-cased. */
export interface RepeatedKey {
  key: string
  spellings: string[]
}

/**
 * Commas, semicolons and any white space (a spreadsheet column pastes as lines, a row as tabs) separate keys, but for
 * a registry's letters and then its number alone in one line ("VCS 1748", or a row of a Registry and an ID column),
 * which are one key: read as two, "VCS" was looked up and the whole list refused for "1748".
 */
const lineSeparators = /[,;\r\n]+/
const quotes = /^["'“”‘’]+|["'“”‘’]+$/g

function entriesOf(text: string): string[] {
  const entries: string[] = []
  for (const line of text.split(lineSeparators)) {
    const words = line.split(/\s+/).filter(Boolean)
    for (let i = 0; i < words.length; i++) {
      // A spreadsheet quotes a cell it exports as CSV; the quotes are not part of the key.
      const [word, next] = [words[i].replace(quotes, ''), words[i + 1]?.replace(quotes, '')]
      if (/^[A-Za-z]+$/.test(word) && next !== undefined && /^\d+$/.test(next)) {
        entries.push(`${word}${next}`)
        i++
      } else entries.push(word)
    }
  }
  return entries
}

/** A pasted column's header: its first line, where it holds no digit and other lines follow. */
function headerOf(text: string): string | null {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  return lines.length > 1 && !/\d/.test(lines[0]) ? lines[0].trim() : null
}

export function readTypedKeys(text: string): TypedKeys {
  /** Each key as given first, by the project it names. */
  const keys = new Map<string, string>()
  const invalid = new Set<string>()
  /** Each project given more than once, with the spellings it was given in. */
  const repeated = new Map<string, Set<string>>()
  const header = headerOf(text)
  const body = header === null ? text : text.slice(text.indexOf(header) + header.length)
  for (const entry of entriesOf(body)) {
    if (!entry) continue
    // One project, however it is spelled: GS7566 and OffsetsDB's GLD7566 were looked up twice and listed twice.
    const project = credenceKey(entry).toUpperCase()
    const first = keys.get(project)
    if (!projectKey.safeParse(entry).success) invalid.add(entry)
    else if (first === undefined) keys.set(project, entry.toUpperCase())
    else repeated.set(project, (repeated.get(project) ?? new Set([first])).add(entry.toUpperCase()))
  }
  return {
    keys: [...keys.values()],
    invalid: [...invalid],
    repeated: [...repeated].map(([key, spellings]) => ({ key, spellings: [...spellings] })),
    header,
  }
}

/** A repeated key as a message names it: with the spellings it was given in, where they differ (GLD7566 is GS7566). */
export function repeatedKeyText({ key, spellings }: RepeatedKey): string {
  return spellings.length > 1 ? `${key} (given as ${spellings.join(' and ')})` : key
}

/**
 * A registry's export names a project by its number alone (Verra's ID column): where a bare number is among the
 * entries that are not keys, how to write it as one (with a leading space), else nothing.
 */
export function bareNumberHint(invalid: readonly string[]): string {
  const number = invalid.find((entry) => /^\d+$/.test(entry))
  return number ? ` A number alone names no registry: give it the registry's letters, as VCS${number} for Verra's ${number}.` : ''
}

/** The first eight of a list, then how many more: a pasted column of a thousand is not repeated back whole. */
export function firstFew<T>(entries: readonly T[], each: (entry: T) => string = String): string {
  const shown = 8
  const more = entries.length > shown ? ` and ${entries.length - shown} more` : ''
  return `${entries.slice(0, shown).map(each).join(', ')}${more}`
}

/**
 * An entry as a message quotes it: its first 40 characters, and any control or direction character as its code
 * (U+202E): a pasted right-to-left override turned the rest of the sentence backwards, and 300 letters with no
 * space made the page 3,300 px wide.
 */
export function quotedEntry(entry: string): string {
  const shown = [...entry]
  const visible = shown.slice(0, 40).map((c) => (/[\p{Cc}\p{Cf}]/u.test(c) ? `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : c)).join('')
  return `“${visible}${shown.length > 40 ? '…' : ''}”`
}

/** What is wrong with entries that are not keys, naming the first few and stating the rule they break. */
export function notKeysMessage(invalid: readonly string[]): string {
  const which = invalid.length === 1 ? 'This is not a project key' : 'These are not project keys'
  return `${which}: ${firstFew(invalid, quotedEntry)}. ${projectKeyRule}.${bareNumberHint(invalid)}`
}
