/** One way a company's name is written, and how many records write it so. */
export interface WrittenForm {
  name: string
  records: number
}

/** All capitals with a word of five letters or more ("TERPEL", "CHEVRON PETROLEUM COMPANY"), where "AWS" or "SESI" is an acronym. */
const shouted = (name: string) => !/\p{Ll}/u.test(name) && /\p{Lu}{5,}/u.test(name)

/** All lower case ("salesforce"): a brand may be so, but a form with capitals says more of how the name is written. */
const whispered = (name: string) => !/\p{Lu}/u.test(name) && /\p{Ll}/u.test(name)

/** Letters with accents ("Planétair", "Energía"): a form that keeps them is written with more care than one without. */
const accents = (name: string) => [...name.normalize('NFD')].filter((char) => /\p{M}/u.test(char)).length

/**
 * How a company is shown: the best-written of its forms. A form in mixed case before one shouted or whispered, then
 * the one with its accents, then the most frequent (by records), then the shortest, then the first in code-point
 * order, so the choice never depends on the order the records came in. "TERPEL" ×36 and "Terpel" ×1 show "Terpel";
 * "Planetair" ×2 and "Planétair" ×1 show "Planétair".
 */
export function bestWritten(forms: readonly WrittenForm[]): string {
  const score = (form: WrittenForm) => [shouted(form.name) ? 0 : 1, whispered(form.name) ? 0 : 1, accents(form.name), form.records, -form.name.length]
  let best = forms[0]
  for (const form of forms.slice(1)) {
    const [a, b] = [score(form), score(best)]
    const order = a.findIndex((value, i) => value !== b[i])
    if (order >= 0 ? a[order] > b[order] : form.name < best.name) best = form
  }
  return best.name
}
