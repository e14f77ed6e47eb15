import type { RegistryCode } from '../../../api/contract/common'
import { goldStandardIssuances, goldStandardProjects, goldStandardRetirements } from './gold-standard'
import type { RegistryFileContents, RegistryFormat } from './format'
import { RegistryFileError } from '../file-errors'
import { readRegistryTable } from './read-table'
import type { ImportLimits } from '../limits'
import { verraProjects, verraTransactions } from './verra'
import { apxFormats } from './apx'
import { isometricIssuances, isometricProjects, isometricRetirements } from './isometric'
import { cercarbonoFormats } from './cercarbono'
import { checkRecords } from './record-checks'

/** Every registry file Credence reads. A file is the format whose required headers it has, the most specific first. */
export const registryFormats: readonly RegistryFormat[] = [
  verraTransactions,
  verraProjects,
  goldStandardRetirements,
  goldStandardIssuances,
  goldStandardProjects,
  ...apxFormats,
  isometricRetirements,
  isometricIssuances,
  isometricProjects,
  ...cercarbonoFormats,
]

export function recogniseFormat(headers: readonly string[]): RegistryFormat | null {
  const present = new Set(headers)
  const matching = registryFormats.filter((format) => format.required.every((name) => present.has(name)))
  return matching.sort((a, b) => b.required.length - a.required.length)[0] ?? null
}

/**
 * Reads one file of a registry's export for that registry's source. A file of another registry, or of no format Credence
 * knows, is refused naming what was expected, so the run fails and nothing changes. Every format's records pass
 * the same checks (`record-checks.ts`) before they count; one that fails is a skipped row with its reason.
 */
export async function readRegistryFile(
  bytes: Uint8Array,
  name: string,
  registry: RegistryCode,
  limits: ImportLimits,
  now = new Date(),
): Promise<RegistryFileContents & { format: RegistryFormat }> {
  const table = await readRegistryTable(bytes, name, limits)
  const format = recogniseFormat(table.headers)
  const own = registryFormats.filter((f) => f.registry === registry)
  const expected = own.map((f) => `${f.description} (${f.required.map((h) => `"${h}"`).join(', ')})`).join('; or ')
  if (format === null) throw new RegistryFileError(`${name} is not a registry export Credence reads: expected ${expected}`)
  if (format.registry !== registry) throw new RegistryFileError(`${name} is ${format.description}, not a file of this source: expected ${expected}`)
  const { records, listings, skipped } = format.read(table)
  return { ...checkRecords({ records, skipped }, now), listings, format }
}
