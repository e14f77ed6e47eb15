import { formatNumber, missingValue, type Maybe } from './format'

const byteUnits = ['bytes', 'KB', 'MB', 'GB'] as const

/** A file's size as people read it: `2.3 MB`, `512 bytes` (powers of 1,024, as file browsers show them). */
export function formatBytes(bytes: Maybe<number>): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return missingValue
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${formatNumber(value)} ${value === 1 ? 'byte' : 'bytes'}` : `${formatNumber(value, 1)} ${byteUnits[unit]}`
}
