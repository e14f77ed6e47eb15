import { formatNumber } from '../../../lib/format'

/**
 * Figures read side by side, each to as many decimals as the one that needs most (at most `maximumFractionDigits`):
 * `3,694,099.110` beside `1,234.567`, where each alone read `3,694,099.11`, a figure to the hundredth beside one to
 * the thousandth: the Credits summary's figures, and its top retirers' column. Written here, where the Credits page is,
 * rather than in lib/format.ts, whose code every route loads.
 */
export function formatNumbersAlike(values: readonly number[], maximumFractionDigits: number): string[] {
  const written = values.map((value) => formatNumber(value, maximumFractionDigits))
  const decimals = Math.max(0, ...written.map((text) => (text.split('.')[1] ?? '').length))
  return written.map((text) => (decimals === 0 ? text : `${text.split('.')[0]}.${(text.split('.')[1] ?? '').padEnd(decimals, '0')}`))
}
