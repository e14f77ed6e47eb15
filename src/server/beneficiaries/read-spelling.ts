import { afterBehalfForm, untilMovesOn } from './behalf-forms'
import { cleanName } from './clean'
import { isPeriod, isReason, namesNoOne } from './names-no-one'

/**
 * What a registry field is, for finding whom it names: a field that names the user (Verra's `Retirement
 * Beneficiary`, Gold Standard's `Using Entity`), a note that may name them in a sentence (`Retirement Details`,
 * `Note`), or the account that retired the credits (`Account Holder`).
 */
export type FieldRole = 'user' | 'note' | 'holder'

/**
 * Longer than any company's or person's name (the longest in the registries' exports run to about 150
 * characters): a field this long holds a text, not a name, and names no one. A name is also what the store indexes,
 * which could not take a name of a million characters; the record keeps its raw text, searchable, as any other.
 */
export const longestName = 300

/** Longer than any note a registry's export carries: not read for a name at all. */
const longestNote = 2000

/** A long text as a reason quotes it: its beginning, and how long it is. */
const quoted = (text: string) => (text.length <= 80 ? `"${text}"` : `"${text.slice(0, 60)}…" (${text.length.toLocaleString('en-US')} characters)`)

/** Whom a spelling names by the rules (null: no one), and why, in words. */
export interface Reading {
  name: string | null
  why: string
}

/** Words that join the capitalised words of a name: "Cosmetic Colors S.A. de C.V.", "Bank of America". */
const joiners = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'du', 'des', 'di', 'of', 'and', '&', 'y', 'e', 'et', 'van', 'von', 'der', 'den', 'le', 'el', 'for'])

/**
 * A note that is a name and nothing else ("PETSTAR S.A.P.I. DE C.V."): a few words, each capitalised or a joiner,
 * no sentence, no year, nothing about emissions.
 */
function nameShaped(text: string): boolean {
  const words = text.split(' ')
  return (
    words.length <= 8 &&
    text.length <= 80 &&
    !/[!?;]\s|\p{L}{3}\.\s/u.test(text) &&
    !/\b(19|20)\d{2}\b/.test(text) &&
    !isReason(text) &&
    !/(emission|offset|compensa|neutral|footprint|carbon|climate|credit)/i.test(text) &&
    words.every((word) => joiners.has(word.toLowerCase()) || /^[\p{Lu}\p{N}("“'&]/u.test(word))
  )
}

/** What follows a name and says it is not part of it: a period, a reason, a reference ("Transaction Reference 31388"). */
const tailSaysNoName = (tail: string) => isPeriod(tail) || isReason(tail) || /^(transaction|order|ref(erence)?|invoice|#|n[º°o]\.?\s*\d)/i.test(tail)

/** A group after a name ("and its subsidiaries", Turkish "ve … faaliyet gösteren diğer şirketler"): the companies of the one named. */
const groupAfterName = /\s+(?:and its (?:wholly[- ]owned )?(?:subsidiaries|affiliates|group companies)|y sus (?:filiales|subsidiarias)|e suas (?:subsidiárias|afiliadas)|ve \S.* faaliyet gösteren diğer şirketler)$/iu

/** A name with a period or a reason after it ("TAV … A.S. - Reporting Period: …", "Allegheny College for 2025 emissions"): the name. */
function beforeTail(text: string): string | null {
  const dashed = /^(.+?)\s*(?:\s[-–—]+\s|--)\s*(.+)$/.exec(text)
  if (dashed && tailSaysNoName(dashed[2])) return dashed[1]
  const forWhat = /^(.+?)\s+for\s+(.+)$/i.exec(text)
  if (forWhat && (tailSaysNoName(forWhat[2]) || /^[\p{Ll}\p{N}]/u.test(forWhat[2]))) return forWhat[1]
  return null
}

/** "To meet Deakin University's carbon mitigation commitments": the capitalised words before the "'s". */
function possessor(text: string): string | null {
  const found = /((?:[\p{Lu}\p{N}][\p{L}\p{N}&.-]*\s+){0,5}[\p{Lu}\p{N}][\p{L}\p{N}&.-]*)['’]s\s/u.exec(text)
  return found ? found[1].replace(/^(?:(?:For|To|By|The|On|Of|In)\s+)+/, '') : null
}

/** A note's other ways of naming someone, when it has no "on behalf of": "For X", "X - Transaction Reference 1", "X for 2025 emissions", "reason for X", "X's …". */
function nameInNote(text: string): { name: string; how: string } | null {
  const leadingFor = /^for\s+(.+)$/i.exec(text)
  if (leadingFor) return { name: untilMovesOn(leadingFor[1]), how: 'for' }
  const retiredBy = /^(?:retired|cancelled|canceled|redeemed)\s+by\s+(.+)$/i.exec(text)
  if (retiredBy) return { name: untilMovesOn(retiredBy[1]), how: 'retired by' }
  const before = beforeTail(text)
  if (before && nameShaped(before)) return { name: before, how: 'before its reason' }
  const reasonFor = /^(.+?)\s+for\s+(.+)$/i.exec(text)
  if (reasonFor && isReason(reasonFor[1]) && nameShaped(untilMovesOn(reasonFor[2]))) return { name: untilMovesOn(reasonFor[2]), how: 'for' }
  const owner = possessor(text)
  if (owner && (isReason(text) || /^(for|to)\s/i.test(text))) return { name: owner, how: "'s" }
  if (nameShaped(text)) return { name: text, how: 'alone' }
  return null
}

const noteHow: Record<string, string> = {
  alone: 'the whole note',
  for: 'after "for"',
  'retired by': 'after "retired by"',
  "'s": 'before "\'s"',
  'before its reason': 'before its reason',
}

/**
 * Reads whom one field's text names. An "on behalf of" form names the text after it, in any field; a field that
 * names the user is the name unless it names no one (a period or a reason after the name is left off); a note
 * names someone only by a form or when it is a name and nothing else; the account holder is its own name.
 */
export function readSpelling(role: FieldRole, field: string, text: string): Reading {
  if (text.length > (role === 'note' ? longestNote : longestName)) return { name: null, why: `${field} names no one: ${quoted(text)} is longer than any ${role === 'note' ? 'note' : 'name'}` }
  const behalf = role === 'holder' ? null : afterBehalfForm(text)
  let read: string
  let how: string
  if (behalf) {
    read = behalf.name
    how = `Read from ${field}, after "${behalf.form}"`
  } else {
    const whole = namesNoOne(text.replace(/^["'“”«»‘’\s]+|["'“”«»‘’\s]+$/g, ''))
    // A note may name someone around its reason ("Allegheny College for 2025 emissions"); a field for the user may not.
    const inNote = role === 'note' ? nameInNote(text) : null
    const found = inNote && !(whole && inNote.how === 'alone') ? inNote : null
    if (role === 'note' && !found) return { name: null, why: `${field} names no one: ${whole ? `${quoted(text)} is ${whole}` : 'a note without a name in it'}` }
    if (whole && !found) return { name: null, why: `${field} names no one: ${quoted(text)} is ${whole}` }
    if (found) {
      read = found.name
      how = `Read from ${field}, ${noteHow[found.how]}`
    } else {
      const before = beforeTail(text) ?? text
      read = before.replace(groupAfterName, '')
      how = role === 'holder' ? `Read from ${field}: the registry names no one else, and its reason (an environmental benefit or a pledge, not a third party's) is read as the account retiring them for itself` : `Read from ${field}`
    }
  }
  if (read.length > longestName) return { name: null, why: `${how}: ${quoted(read)} is longer than any name, so no one` }
  const cleaned = cleanName(read)
  const noOne = cleaned.name.length < 2 ? 'a placeholder' : namesNoOne(cleaned.name)
  const steps = cleaned.steps.length > 0 ? `; ${cleaned.steps.join('; ')}` : ''
  if (noOne) return { name: null, why: `${how}${steps}: "${cleaned.name || read}" is ${noOne}, so no one` }
  return { name: cleaned.name, why: `${how}${steps}` }
}
