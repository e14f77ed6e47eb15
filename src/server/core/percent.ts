/**
 * A share 0–1 as the API's sentences write it: `percent(0.4)` → `40%`, `percent(1 / 12, 2)` → `8.33%`; at most
 * `decimals` places, no trailing zeros. The one writer of a percentage on the server.
 */
export function percent(share: number, decimals = 0): string {
  const scale = 10 ** decimals
  return `${Math.round(share * 100 * scale) / scale}%`
}
