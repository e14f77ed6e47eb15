/**
 * The units a record's serial numbers name, read the way each registry writes them. A registry numbers its units
 * within a scope, and a block is a run of them, `first` to `last`: two blocks of one scope that share a unit
 * describe the same credits. Numbers are read as written; one too long to be a count (`Number.isSafeInteger`
 * says) is kept for the checks to refuse, not rounded into a plausible one.
 */
export interface SerialRange {
  /** What the units are numbered within: the serial without its unit numbers (`''` where the registry numbers them all at once). */
  scope: string
  first: number
  last: number
}

/** How many units a range spans. */
export const unitsIn = (range: SerialRange) => range.last - range.first + 1

/**
 * Verra numbers every unit it issues in one sequence, and a serial's second and third fields are its block's first
 * and last unit (`19385-941467007-941467431-VCS-VCU-…`): issuances' spans follow their numbers without a gap or a
 * shared unit, so its scope is the whole registry, and a block copied under another issuance's number is caught too.
 */
const verra = /^\d+-(\d+)-(\d+)-/

/**
 * ACR, the Climate Action Reserve and ART TREES (one platform, APX) write a batch's serial and then the units:
 * `CAR-1-US-1335-31-983-KS-2025-9205-1 to 5000`, `FCPF-CI-130-2023-20-1 to 46404`.
 */
const apx = /^(.+)-(\d+) to (\d+)$/

/** Gold Standard's serials end in the batch's first and last unit: `GS1-1-KE-GS11603-16-2025-30256-110-5463`. */
const goldStandard = /^(.+)-(\d+)-(\d+)$/

/**
 * Gold Standard's older serials (from its Markit days) give the first and the last unit's whole serial:
 * `RW-5-1463953-2-2-0-7014 - RW-5-1467609-2-2-0-7014`, the two alike but for the unit's number.
 */
function spelledOut(serial: string): SerialRange | null {
  const halves = serial.split(' - ')
  if (halves.length !== 2) return null
  const [from, to] = halves.map((half) => half.trim().split('-'))
  if (from.length !== to.length) return null
  const differing = from.flatMap((field, i) => (field === to[i] ? [] : [i]))
  if (differing.length !== 1 || !/^\d+$/.test(from[differing[0]]) || !/^\d+$/.test(to[differing[0]])) return null
  const at = differing[0]
  return { scope: from.map((field, i) => (i === at ? '*' : field)).join('-'), first: Number(from[at]), last: Number(to[at]) }
}

/**
 * Cercarbono gives a retirement's units in columns of their own (`from`, `to`) within its issuance's serial;
 * Credence keeps them in the record's serial as `CDC_1_1_1_321_14_1_2009 4426–4971`, written here and read below.
 */
export const cercarbonoSerial = (serial: string, from: string, to: string) => `${serial} ${from}–${to}`
const cercarbono = /^(.+) (\d+)–(\d+)$/

const matched = (match: RegExpExecArray | null, scoped = true): SerialRange | null =>
  match && (scoped ? { scope: match[1], first: Number(match[2]), last: Number(match[3]) } : { scope: '', first: Number(match[1]), last: Number(match[2]) })

/**
 * The range a record's serial encodes, by its registry; null where it encodes none (Verra's issuances, summed over
 * their blocks, keep the issuance's number alone; Isometric's ids and Cercarbono's issuance serials count nothing).
 */
export function serialRangeOf(registry: string, serial: string | null): SerialRange | null {
  if (!serial) return null
  switch (registry) {
    case 'VCS':
      return matched(verra.exec(serial), false)
    case 'GS':
      return serial.includes(' - ') ? spelledOut(serial) : matched(goldStandard.exec(serial))
    case 'ACR':
    case 'CAR':
    case 'ART':
      return matched(apx.exec(serial))
    case 'CCB':
      return matched(cercarbono.exec(serial))
    default:
      return null
  }
}
