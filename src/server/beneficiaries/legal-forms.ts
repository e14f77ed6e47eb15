import { folded } from '../../lib/folded'

/**
 * Legal forms as a name ends with them, however they are dotted and spaced: "S.A.", "S A S.", "S.p.A.", "Ltd",
 * "LLC", "GmbH", "AG", "Inc.", "B.V.", "N.V.", "Oy", "AB", "Co., Ltd.", "S.A.P.I. de C.V.", "A.Ş.". Each is
 * written here as its letters alone, lower case, accents folded; the words of a name's end are compared the same
 * way. A form the name is nothing but ("AB") is left.
 */
const forms = new Set([
  // Spanish, Portuguese, French, Italian
  'sa', 'sas', 'saa', 'sac', 'sab', 'sl', 'slu', 'srl', 'sarl', 'sapi', 'sadecv', 'sapidecv', 'sabdecv', 'sderl', 'sderldecv', 'srldecv',
  'scdecv', 'sadecvsofom', 'ltda', 'eirl', 'eireli', 'spa', 'spasb', 'spasocietabenefit', 'societabenefit', 'snc', 'sasu', 'sca', 'scs',
  'eurl', 'sociedadanonima', 'sociedadeanonima',
  // English
  'inc', 'incorporated', 'llc', 'llp', 'lp', 'lllp', 'plc', 'pbc', 'ltd', 'limited', 'corp', 'corporation', 'co', 'coltd', 'colimited',
  'coinc', 'ptyltd', 'pty', 'pteltd', 'pvtltd', 'privatelimited', 'publiclimitedcompany', 'sdnbhd', 'bhd', 'tbk',
  // German, Dutch, Nordic, Central and Eastern European, Turkish
  'gmbh', 'gmbhcokg', 'gmbhcokgaa', 'ag', 'kg', 'kgaa', 'ug', 'bv', 'nv', 'vof', 'oy', 'oyj', 'ab', 'publab', 'asa', 'aps', 'sro', 'spzoo',
  'kft', 'zrt', 'nyrt', 'doo', 'ood', 'eood', 'ooo', 'zao', 'oao', 'pao', 'tov', 'sirketi', 'limitedsirketi', 'anonimsirketi',
])

/** Forms written with a slash or a dotted or Turkish letter, which plain letters would confuse with a word ("AS", "as"). */
const dottedForms = /^(a\.s\.?|a\.ş\.?|aş|a\/s)$/i

const letters = (word: string) => folded(word).replace(/[^a-z]/g, '')

/** How many words at the end of the name (up to five) make one legal form, or 0. */
function formAtEnd(words: readonly string[]): number {
  const last = words.slice(-6).map(letters)
  for (let size = Math.min(5, words.length - 1); size >= 1; size--) {
    const tail = words.slice(words.length - size)
    if (size === 1 && dottedForms.test(tail[0].replace(/[,;]$/, ''))) return 1
    const key = last.slice(last.length - size).join('')
    // A form is spelled with its letters; a word of other characters only (a number) is never one.
    if (key !== '' && forms.has(key) && tail.every((word) => /\p{L}/u.test(word) || /^[.,&/]+$/.test(word))) return size
  }
  return 0
}

/** The name without the legal forms it ends with (a comma before one goes with it), and the forms taken off. */
export function withoutLegalForms(name: string): { name: string; removed: string[] } {
  const words = name.split(' ').filter(Boolean)
  const removed: string[] = []
  for (let size = formAtEnd(words); size > 0; size = formAtEnd(words)) {
    removed.unshift(words.splice(words.length - size).join(' '))
    words[words.length - 1] = words[words.length - 1].replace(/[,;]+$/, '')
  }
  return { name: words.join(' '), removed }
}
