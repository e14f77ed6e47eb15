import { withoutLegalForms } from './legal-forms'
import { folded } from '../../lib/folded'

/**
 * A name as read out of a field, made the name itself: tax and company numbers (NIT, RUT, CNPJ, VAT, EIN, an
 * aircraft's ASN) taken off, quotes (straight and curly) and stray punctuation too, a period trailing after it
 * ("Kinaxis Inc. F2024 period"), a sentence's "the" before it, and the legal forms it ends with. Each step that
 * changed something says so, for the record's explanation.
 */
export interface CleanedName {
  name: string
  steps: string[]
}

const quotes = `"'“”„‟«»‹›‘’‚‛\`´`
const quoteAtEnds = new RegExp(`^[${quotes}\\s]+|[${quotes}\\s]+$`, 'g')

/** A label of a tax or company number, and the number: "NIT 830.095.213-0", "(CNPJ: 02.421.421/0001-11)", "RUT 76.543.210-K". */
const taxNumber =
  /[\s,;–—-]*\(?\s*(?:\b(?:NIT|N\.I\.T|RUT|R\.U\.T|CNPJ|CPF|RUC|RFC|CUIT|EIN|VAT|TVA|IVA|USt-?IdNr|ABN)\b|\bASN(?=\s*\d))\.?\s*(?:(?:No|Nr|N[º°o]|Number|ID|Reg(?:istration)?)\.?\s*)?[:#]?\s*(?:[A-Z]{2}\s?)?\d[\d\s.\-/]*[\dkK]?\s*\)?/gi

/** A bare number after a name, as a registry's form writes a tax number without its label: "TERPEL 830.095.213-0". */
const trailingNumber = /\s+\(?\d{2,3}[.\s]\d{3}[.\s]\d{3}(?:[./-]\d{1,4}){0,2}(?:-[\dkK])?\)?$/

const periodWordAtEnd =
  /^(fy'?\d{2,4}|cy'?\d{2,4}|f\d{4}|(19|20)\d{2}|\d{1,2}|\d{1,4}([-/.–]\d{1,4}){1,5}|jan(uary)?|feb(ruary)?|march|apr(il)?|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?|year|period|reporting|emissions?|inventory|footprint|operations?|operational|calendar|fiscal)$/

/** A run of period words at the name's end holding a year ("2025 emissions", "1 February 2026", "F2024 period"). */
function withoutTrailingPeriod(name: string): { name: string; period: string | null } {
  const words = name.split(' ')
  let at = words.length
  while (at > 1 && periodWordAtEnd.test(folded(words[at - 1]).replace(/[.,;:]$/, ''))) at--
  const tail = words.slice(at)
  const year = tail.some((word) => /^(fy|cy|f)?'?\d{2,4}$|(19|20)\d{2}/i.test(word) && /\d/.test(word))
  // A lone year or number after a name may be part of it ("Vision 2030"); a fiscal year or a run of two words says a period.
  if (tail.length === 0 || !year || (tail.length === 1 && !/^(fy|cy|f)'?\d/i.test(tail[0]))) return { name, period: null }
  return { name: words.slice(0, at).join(' '), period: tail.join(' ') }
}

/** A bracket left open or closed alone (a cut, or a full-width pair half taken off with a legal form) goes. */
function balanced(name: string): string {
  const unmatched: number[] = []
  const open: number[] = []
  for (const [at, char] of [...name].entries()) {
    if (char === '(') open.push(at)
    else if (char === ')') {
      if (open.length > 0) open.pop()
      else unmatched.push(at)
    }
  }
  unmatched.push(...open)
  if (unmatched.length === 0) return name
  return [...name].map((char, at) => (unmatched.includes(at) ? ' ' : char)).join('').replace(/\s+/g, ' ').trim()
}

/** A trailing full stop ends a sentence, unless it ends an initial or an initialism the name carries ("Lennart S.", "R.S.I."). */
const trimEnds = (name: string) => {
  const last = name.split(' ').at(-1) ?? ''
  const keepStop = /^(\p{L}\.){1,}$/u.test(last) && last.length <= 8
  return name
    .replace(/^[\s.,;:!?…\-–—/\\|*_+]+/u, '')
    .replace(keepStop ? /[\s,;:!?…\-–—/\\|*_+]+$/u : /[\s.,;:!?…\-–—/\\|*_+]+$/u, '')
}

export function cleanName(read: string): CleanedName {
  const steps: string[] = []
  // Compatibility forms made plain: full-width brackets and letters as registries in East Asia write them.
  let name = read.normalize('NFKC').replace(/\s+/g, ' ').trim()
  const unquoted = name.replace(quoteAtEnds, '')
  if (unquoted !== name) steps.push('took off its quotes')
  name = unquoted
  const numbers = [...name.matchAll(taxNumber)].map((m) => m[0].replace(/^[\s,;–—-]+|\s+$/g, ''))
  if (numbers.length > 0) {
    name = name.replace(taxNumber, ' ').replace(/\s+/g, ' ').trim()
    steps.push(`took off the tax number ${numbers.map((n) => `"${n}"`).join(', ')}`)
  }
  const bare = trailingNumber.exec(name)
  if (bare) {
    name = name.slice(0, bare.index)
    steps.push(`took off the number "${bare[0].trim()}"`)
  }
  name = balanced(trimEnds(name))
  const period = withoutTrailingPeriod(name)
  if (period.period) {
    name = trimEnds(period.name)
    steps.push(`took off the period "${period.period}"`)
  }
  // "on behalf of the International Monetary Fund": the sentence's article, not the name's ("The North Face" keeps its own).
  if (/^the\s/.test(name)) {
    name = name.slice(4)
    steps.push('took off "the"')
  }
  const legal = withoutLegalForms(trimEnds(name))
  if (legal.removed.length > 0) steps.push(`took off the legal form ${legal.removed.map((form) => `"${form}"`).join(', ')}`)
  name = balanced(trimEnds(legal.name.replace(quoteAtEnds, '')))
  return { name, steps }
}
